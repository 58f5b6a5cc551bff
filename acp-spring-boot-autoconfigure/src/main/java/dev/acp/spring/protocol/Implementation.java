package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Name and version of a client or agent implementation.
 *
 * @param name the programmatic name
 * @param title a human-readable title, or {@code null}
 * @param version the version
 * @param meta the {@code _meta} object, or {@code null}
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Implementation(String name, String title, String version,
		@JsonProperty("_meta") Map<String, Object> meta) {

	public Implementation(String name, String version) {
		this(name, null, version, null);
	}

}
