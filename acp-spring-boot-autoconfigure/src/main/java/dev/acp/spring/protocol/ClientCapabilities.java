package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * What a client supports, as sent in {@code initialize}.
 *
 * @param fs file system capabilities
 * @param terminal whether the {@code terminal/*} methods are supported
 * @param session session capabilities as received
 * @param auth authentication capabilities as received
 * @param elicitation elicitation capabilities as received
 * @param plan support for {@code plan_update} and {@code plan_removed} (unstable in the
 * ACP schema)
 * @param subagents support for subagent sessions (unstable in the ACP schema)
 * @param meta the {@code _meta} object (client extensions)
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClientCapabilities(@Nullable FileSystemCapabilities fs, @Nullable Boolean terminal,
		@Nullable ClientSessionCapabilities session, @Nullable AuthCapabilities auth,
		@Nullable ElicitationCapabilities elicitation, @Nullable PlanCapabilities plan,
		@Nullable SubagentCapabilities subagents, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ClientCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public ClientCapabilities(@Nullable FileSystemCapabilities fs, @Nullable Boolean terminal,
			@Nullable ClientSessionCapabilities session, @Nullable AuthCapabilities auth,
			@Nullable ElicitationCapabilities elicitation, @Nullable PlanCapabilities plan,
			@Nullable SubagentCapabilities subagents, @Nullable Map<String, Object> meta) {
		this(fs, terminal, session, auth, elicitation, plan, subagents, meta, Map.of());
	}

	public ClientCapabilities(@Nullable FileSystemCapabilities fs, @Nullable Boolean terminal,
			@Nullable ClientSessionCapabilities session, @Nullable AuthCapabilities auth,
			@Nullable ElicitationCapabilities elicitation, @Nullable Map<String, Object> meta,
			@Nullable Map<String, Object> unknown) {
		this(fs, terminal, session, auth, elicitation, null, null, meta, UnknownFields.of(unknown));
	}

	public ClientCapabilities(@Nullable FileSystemCapabilities fs, @Nullable Boolean terminal,
			@Nullable ClientSessionCapabilities session, @Nullable AuthCapabilities auth,
			@Nullable ElicitationCapabilities elicitation, @Nullable Map<String, Object> meta) {
		this(fs, terminal, session, auth, elicitation, null, null, meta, Map.of());
	}

	/** Capabilities of a client that advertised nothing. */
	public static final ClientCapabilities NONE = new ClientCapabilities(null, null, null, null, null, null);

	/**
	 * The {@code _meta} entry of an extension namespace.
	 * @param namespace the namespace, such as {@code zed.dev}
	 * @return the entry, or {@code null} when the client did not advertise it
	 */
	public @Nullable Object extension(String namespace) {
		return (this.meta != null) ? this.meta.get(namespace) : null;
	}

}
