package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Params of {@code initialize}.
 *
 * @param protocolVersion the newest protocol version the client speaks
 * @param clientCapabilities what the client supports, or {@code null}
 * @param clientInfo the client implementation, or {@code null}
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record InitializeRequest(Integer protocolVersion, ClientCapabilities clientCapabilities,
		Implementation clientInfo, @JsonProperty("_meta") Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public InitializeRequest {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(protocolVersion, "protocolVersion");
	}

	public InitializeRequest(Integer protocolVersion, ClientCapabilities clientCapabilities, Implementation clientInfo,
			Map<String, Object> meta) {
		this(protocolVersion, clientCapabilities, clientInfo, meta, null);
	}

}
