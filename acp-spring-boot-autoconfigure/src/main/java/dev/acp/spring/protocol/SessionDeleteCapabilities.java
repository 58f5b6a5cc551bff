package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Capabilities for the {@code session/delete} method.
 *
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionDeleteCapabilities(@JsonProperty("_meta") Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionDeleteCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public SessionDeleteCapabilities(Map<String, Object> meta) {
		this(meta, null);
	}

	public SessionDeleteCapabilities() {
		this(null, null);
	}

}
