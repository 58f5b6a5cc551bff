package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Permission for the client to cancel a subagent session's current work without ending
 * the session; unstable in the ACP schema.
 *
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionCancelCapabilities(@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionCancelCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public SessionCancelCapabilities(@Nullable Map<String, Object> meta) {
		this(meta, Map.of());
	}

	public SessionCancelCapabilities() {
		this(null, Map.of());
	}

}
