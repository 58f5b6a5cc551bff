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
 * An optionally-sized icon that can be displayed in a user interface.
 *
 * @param src A standard URI pointing to an icon resource
 * @param mimeType optional MIME type override if the source MIME type is missing or
 * generic
 * @param sizes optional array of strings that specify sizes at which the icon can be used
 * @param theme optional theme this icon is designed for
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Icon(String src, @JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String mimeType,
		@JsonDeserialize(using = SkipInvalidItemsDeserializer.OrAbsent.class) @Nullable List<String> sizes,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable IconTheme theme,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public Icon {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(src, "src");
	}

	public Icon(String src, @Nullable String mimeType, @Nullable List<String> sizes, @Nullable IconTheme theme,
			@Nullable Map<String, Object> meta) {
		this(src, mimeType, sizes, theme, meta, Map.of());
	}

	public Icon(String src) {
		this(src, null, null, null, null, Map.of());
	}

}
