package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Params of {@code initialize}.
 *
 * @param protocolVersion the newest protocol version the client speaks
 * @param clientCapabilities what the client supports
 * @param clientInfo the client implementation
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record InitializeRequest(Integer protocolVersion, @Nullable ClientCapabilities clientCapabilities,
		@Nullable Implementation clientInfo, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public InitializeRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(protocolVersion, "protocolVersion");
	}

	public InitializeRequest(Integer protocolVersion, @Nullable ClientCapabilities clientCapabilities,
			@Nullable Implementation clientInfo, @Nullable Map<String, Object> meta) {
		this(protocolVersion, clientCapabilities, clientInfo, meta, Map.of());
	}

}
