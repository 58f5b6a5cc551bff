package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Client-initiated session mutations permitted on one subagent session; unstable in the
 * ACP schema.
 *
 * @param cancel whether the client may cancel the child's current work
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SubagentSessionCapabilities(@Nullable SessionCancelCapabilities cancel,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SubagentSessionCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public SubagentSessionCapabilities(@Nullable SessionCancelCapabilities cancel, @Nullable Map<String, Object> meta) {
		this(cancel, meta, Map.of());
	}

	public SubagentSessionCapabilities() {
		this(null, null, Map.of());
	}

}
