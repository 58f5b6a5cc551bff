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
 * Renderable patch text and its format.
 *
 * @param format patch format
 * @param text patch text in the format named by {@code format}
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DiffPatch(DiffPatchFormat format, String text,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public DiffPatch {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(format, "format");
		Objects.requireNonNull(text, "text");
	}

	public DiffPatch(DiffPatchFormat format, String text, @Nullable Map<String, Object> meta) {
		this(format, text, meta, Map.of());
	}

	public DiffPatch(DiffPatchFormat format, String text) {
		this(format, text, null, Map.of());
	}

}
