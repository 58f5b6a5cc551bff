package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * What a client supports, as sent in {@code initialize}.
 *
 * @param fs file system capabilities, or {@code null}
 * @param terminal whether the {@code terminal/*} methods are supported
 * @param session session capabilities as received, or {@code null}
 * @param auth authentication capabilities as received, or {@code null}
 * @param elicitation elicitation capabilities as received, or {@code null}
 * @param meta the {@code _meta} object (client extensions), or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClientCapabilities(FileSystemCapabilities fs, Boolean terminal, ClientSessionCapabilities session,
		AuthCapabilities auth, ElicitationCapabilities elicitation, @JsonProperty("_meta") Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ClientCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public ClientCapabilities(FileSystemCapabilities fs, Boolean terminal, ClientSessionCapabilities session,
			AuthCapabilities auth, ElicitationCapabilities elicitation, Map<String, Object> meta) {
		this(fs, terminal, session, auth, elicitation, meta, null);
	}

	/** Capabilities of a client that advertised nothing. */
	public static final ClientCapabilities NONE = new ClientCapabilities(null, null, null, null, null, null);

	/**
	 * The {@code _meta} entry of an extension namespace.
	 * @param namespace the namespace, such as {@code zed.dev}
	 * @return the entry, or {@code null} when the client did not advertise it
	 */
	public Object extension(String namespace) {
		return (this.meta != null) ? this.meta.get(namespace) : null;
	}

}
