package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Request parameters for the authenticate method.
 *
 * @param methodId the ID of the authentication method to use
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AuthenticateRequest(String methodId, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public AuthenticateRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(methodId, "methodId");
	}

	public AuthenticateRequest(String methodId, @Nullable Map<String, Object> meta) {
		this(methodId, meta, Map.of());
	}

	public AuthenticateRequest(String methodId) {
		this(methodId, null, Map.of());
	}

}
