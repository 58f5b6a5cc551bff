package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Result of {@code session/prompt}.
 *
 * @param stopReason why the turn ended
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PromptResponse(StopReason stopReason, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public PromptResponse {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(stopReason, "stopReason");
	}

	public PromptResponse(StopReason stopReason, @Nullable Map<String, Object> meta) {
		this(stopReason, meta, Map.of());
	}

	public PromptResponse(StopReason stopReason) {
		this(stopReason, null);
	}

}
