package dev.acp.spring.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * What an agent supports, as answered to {@code initialize}. Extensions are advertised in
 * {@code _meta}, one key per namespace.
 *
 * @param loadSession whether {@code session/load} is supported
 * @param promptCapabilities accepted prompt content
 * @param mcpCapabilities supported MCP transports
 * @param sessionCapabilities optional session methods
 * @param auth authentication capabilities
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AgentCapabilities(@Nullable Boolean loadSession, @Nullable PromptCapabilities promptCapabilities,
		@Nullable McpCapabilities mcpCapabilities, @Nullable SessionCapabilities sessionCapabilities,
		@Nullable AgentAuthCapabilities auth, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public AgentCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public AgentCapabilities(@Nullable Boolean loadSession, @Nullable PromptCapabilities promptCapabilities,
			@Nullable McpCapabilities mcpCapabilities, @Nullable SessionCapabilities sessionCapabilities,
			@Nullable AgentAuthCapabilities auth, @Nullable Map<String, Object> meta) {
		this(loadSession, promptCapabilities, mcpCapabilities, sessionCapabilities, auth, meta, Map.of());
	}

	public AgentCapabilities(@Nullable Boolean loadSession, @Nullable PromptCapabilities promptCapabilities,
			@Nullable McpCapabilities mcpCapabilities, @Nullable SessionCapabilities sessionCapabilities,
			@Nullable Map<String, Object> meta, Map<String, Object> unknown) {
		this(loadSession, promptCapabilities, mcpCapabilities, sessionCapabilities, null, meta,
				UnknownFields.of(unknown));
	}

	public AgentCapabilities(@Nullable Boolean loadSession, @Nullable PromptCapabilities promptCapabilities,
			@Nullable McpCapabilities mcpCapabilities, @Nullable SessionCapabilities sessionCapabilities,
			@Nullable Map<String, Object> meta) {
		this(loadSession, promptCapabilities, mcpCapabilities, sessionCapabilities, null, meta, Map.of());
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

		private @Nullable Boolean loadSession;

		private @Nullable PromptCapabilities promptCapabilities;

		private @Nullable McpCapabilities mcpCapabilities;

		private @Nullable SessionCapabilities sessionCapabilities;

		private @Nullable AgentAuthCapabilities auth;

		private final Map<String, Object> meta = new LinkedHashMap<>();

		public Builder loadSession(@Nullable Boolean loadSession) {
			this.loadSession = loadSession;
			return this;
		}

		public Builder promptCapabilities(@Nullable PromptCapabilities promptCapabilities) {
			this.promptCapabilities = promptCapabilities;
			return this;
		}

		public Builder mcpCapabilities(@Nullable McpCapabilities mcpCapabilities) {
			this.mcpCapabilities = mcpCapabilities;
			return this;
		}

		public Builder sessionCapabilities(@Nullable SessionCapabilities sessionCapabilities) {
			this.sessionCapabilities = sessionCapabilities;
			return this;
		}

		/**
		 * The session capabilities set so far, for a customizer that adds to them.
		 * @return the session capabilities, or {@code null} when none are set
		 */
		public @Nullable SessionCapabilities sessionCapabilities() {
			return this.sessionCapabilities;
		}

		public Builder auth(@Nullable AgentAuthCapabilities auth) {
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
