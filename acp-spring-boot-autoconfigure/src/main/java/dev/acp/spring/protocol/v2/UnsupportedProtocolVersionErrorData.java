package dev.acp.spring.protocol.v2;

import java.util.List;
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
 * Data for the {@code -32022} (Unsupported protocol version) error.
 *
 * @param requested the protocol version the Client requested
 * @param supported the protocol versions the Agent supports
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UnsupportedProtocolVersionErrorData(Integer requested, List<Integer> supported,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public UnsupportedProtocolVersionErrorData {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(requested, "requested");
		Objects.requireNonNull(supported, "supported");
	}

	public UnsupportedProtocolVersionErrorData(Integer requested, List<Integer> supported,
			@Nullable Map<String, Object> meta) {
		this(requested, supported, meta, Map.of());
	}

	public UnsupportedProtocolVersionErrorData(Integer requested, List<Integer> supported) {
		this(requested, supported, null, Map.of());
	}

}
