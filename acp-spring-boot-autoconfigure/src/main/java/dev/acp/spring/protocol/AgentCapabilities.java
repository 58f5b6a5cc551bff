package dev.acp.spring.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What an agent supports, as answered to {@code initialize}. Extensions are advertised in
 * {@code _meta}, one key per namespace.
 *
 * @param loadSession whether {@code session/load} is supported
 * @param promptCapabilities accepted prompt content, or {@code null}
 * @param mcpCapabilities supported MCP transports, or {@code null}
 * @param sessionCapabilities optional session methods, or {@code null}
 * @param auth authentication capabilities, or {@code null}
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AgentCapabilities(Boolean loadSession, PromptCapabilities promptCapabilities,
		McpCapabilities mcpCapabilities, SessionCapabilities sessionCapabilities, AgentAuthCapabilities auth,
		@JsonProperty("_meta") Map<String, Object> meta, @JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public AgentCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public AgentCapabilities(Boolean loadSession, PromptCapabilities promptCapabilities,
			McpCapabilities mcpCapabilities, SessionCapabilities sessionCapabilities, AgentAuthCapabilities auth,
			Map<String, Object> meta) {
		this(loadSession, promptCapabilities, mcpCapabilities, sessionCapabilities, auth, meta, null);
	}

	public AgentCapabilities(Boolean loadSession, PromptCapabilities promptCapabilities,
			McpCapabilities mcpCapabilities, SessionCapabilities sessionCapabilities, Map<String, Object> meta,
			Map<String, Object> unknown) {
		this(loadSession, promptCapabilities, mcpCapabilities, sessionCapabilities, null, meta, unknown);
	}

	public AgentCapabilities(Boolean loadSession, PromptCapabilities promptCapabilities,
			McpCapabilities mcpCapabilities, SessionCapabilities sessionCapabilities, Map<String, Object> meta) {
		this(loadSession, promptCapabilities, mcpCapabilities, sessionCapabilities, null, meta, null);
	}

	/**
	 * A builder holding these capabilities, for changes.
	 * @return a new builder
	 */
	public Builder toBuilder() {
		Builder builder = new Builder();
		builder.loadSession = this.loadSession;
		builder.promptCapabilities = this.promptCapabilities;
		builder.mcpCapabilities = this.mcpCapabilities;
		builder.sessionCapabilities = this.sessionCapabilities;
		builder.auth = this.auth;
		if (this.meta != null) {
			builder.meta.putAll(this.meta);
		}
		return builder;
	}

	/**
	 * A builder of agent capabilities; {@link #meta()} is a mutable, ordered map.
	 */
	public static final class Builder {

		private Boolean loadSession;

		private PromptCapabilities promptCapabilities;

		private McpCapabilities mcpCapabilities;

		private SessionCapabilities sessionCapabilities;

		private AgentAuthCapabilities auth;

		private final Map<String, Object> meta = new LinkedHashMap<>();

		public Builder loadSession(Boolean loadSession) {
			this.loadSession = loadSession;
			return this;
		}

		public Builder promptCapabilities(PromptCapabilities promptCapabilities) {
			this.promptCapabilities = promptCapabilities;
			return this;
		}

		public Builder mcpCapabilities(McpCapabilities mcpCapabilities) {
			this.mcpCapabilities = mcpCapabilities;
			return this;
		}

		public Builder sessionCapabilities(SessionCapabilities sessionCapabilities) {
			this.sessionCapabilities = sessionCapabilities;
			return this;
		}

		public Builder auth(AgentAuthCapabilities auth) {
			this.auth = auth;
			return this;
		}

		/**
		 * The mutable {@code _meta} map: one entry per advertised extension namespace.
		 * @return the map
		 */
		public Map<String, Object> meta() {
			return this.meta;
		}

		public AgentCapabilities build() {
			return new AgentCapabilities(this.loadSession, this.promptCapabilities, this.mcpCapabilities,
					this.sessionCapabilities, this.auth,
					this.meta.isEmpty() ? null : Collections.unmodifiableMap(new LinkedHashMap<>(this.meta)));
		}

	}

}
