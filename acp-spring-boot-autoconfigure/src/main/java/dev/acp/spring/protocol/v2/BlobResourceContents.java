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
 * Binary resource contents.
 *
 * @param blob base64-encoded bytes for a binary resource payload
 * @param uri URI associated with this resource or media payload
 * @param mimeType MIME type describing the encoded media payload
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record BlobResourceContents(String blob, String uri, @Nullable String mimeType,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public BlobResourceContents {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(blob, "blob");
		Objects.requireNonNull(uri, "uri");
	}

	public BlobResourceContents(String blob, String uri, @Nullable String mimeType,
			@Nullable Map<String, Object> meta) {
		this(blob, uri, mimeType, meta, null);
	}

	public BlobResourceContents(String blob, String uri) {
		this(blob, uri, null, null, null);
	}

}
