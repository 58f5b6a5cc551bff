package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * An HTTP header to set when making requests to the MCP server.
 *
 * @param name the name of the HTTP header
 * @param value the value to set for the HTTP header
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record HttpHeader(String name, String value, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public HttpHeader {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(value, "value");
	}

	public HttpHeader(String name, String value, @Nullable Map<String, Object> meta) {
		this(name, value, meta, Map.of());
	}

	public HttpHeader(String name, String value) {
		this(name, value, null, Map.of());
	}

}
