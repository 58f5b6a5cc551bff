package dev.acp.spring.protocol.v2;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Request parameters for the {@code auth/login} method.
 *
 * @param methodId the ID of the authentication method to use
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LoginAuthRequest(String methodId,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public LoginAuthRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(methodId, "methodId");
	}

	public LoginAuthRequest(String methodId, @Nullable Map<String, Object> meta) {
		this(methodId, meta, Map.of());
	}

	public LoginAuthRequest(String methodId) {
		this(methodId, null, Map.of());
	}

}
