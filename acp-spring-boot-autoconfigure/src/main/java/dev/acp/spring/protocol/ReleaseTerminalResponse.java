package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Response to terminal/release method
 *
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReleaseTerminalResponse(@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ReleaseTerminalResponse {
		unknown = UnknownFields.of(unknown);
	}

	public ReleaseTerminalResponse(@Nullable Map<String, Object> meta) {
		this(meta, Map.of());
	}

	public ReleaseTerminalResponse() {
		this(null, Map.of());
	}

	/**
	 * The terminal was released.
	 * @return the response, {@code {}}
	 */
	public static ReleaseTerminalResponse ok() {
		return new ReleaseTerminalResponse();
	}

}
