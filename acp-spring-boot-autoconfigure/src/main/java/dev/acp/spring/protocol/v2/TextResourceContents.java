package dev.acp.spring.protocol.v2;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;

/**
 * Text-based resource contents.
 *
 * @param text text payload carried by this content block
 * @param uri URI associated with this resource or media payload
 * @param mimeType MIME type describing the encoded media payload
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TextResourceContents(String text, String uri, @Nullable String mimeType,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public TextResourceContents {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(text, "text");
		Objects.requireNonNull(uri, "uri");
	}

	public TextResourceContents(String text, String uri, @Nullable String mimeType,
			@Nullable Map<String, Object> meta) {
		this(text, uri, mimeType, meta, null);
	}

	public TextResourceContents(String text, String uri) {
		this(text, uri, null, null, null);
	}

}
