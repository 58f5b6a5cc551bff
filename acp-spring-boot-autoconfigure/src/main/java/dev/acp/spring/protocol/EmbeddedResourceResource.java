package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * The contents of an embedded resource: text or binary. Read by shape: an object with
 * {@code blob} is {@link BlobResourceContents}, any other is {@link TextResourceContents}
 * (and fails without {@code text}).
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = EmbeddedResourceResource.Deserializer.class)
public sealed interface EmbeddedResourceResource
		permits EmbeddedResourceResource.TextResourceContents, EmbeddedResourceResource.BlobResourceContents {

	/**
	 * The URI of the resource.
	 * @return the URI
	 */
	String uri();

	/**
	 * Text-based resource contents.
	 *
	 * @param mimeType MIME type describing the encoded media payload
	 * @param text text payload carried by this content block
	 * @param uri URI associated with this resource or media payload
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	record TextResourceContents(@Nullable String mimeType, String text, String uri,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements EmbeddedResourceResource {

		public TextResourceContents {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(text, "text");
			Objects.requireNonNull(uri, "uri");
		}

		public TextResourceContents(@Nullable String mimeType, String text, String uri,
				@Nullable Map<String, Object> meta) {
			this(mimeType, text, uri, meta, Map.of());
		}

		public TextResourceContents(@Nullable String mimeType, String text, String uri) {
			this(mimeType, text, uri, null, Map.of());
		}

		public TextResourceContents(String text, String uri) {
			this(null, text, uri, null, Map.of());
		}

	}

	/**
	 * Binary resource contents.
	 *
	 * @param blob base64-encoded bytes for a binary resource payload
	 * @param mimeType MIME type describing the encoded media payload
	 * @param uri URI associated with this resource or media payload
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	record BlobResourceContents(String blob, @Nullable String mimeType, String uri,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements EmbeddedResourceResource {

		public BlobResourceContents {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(blob, "blob");
			Objects.requireNonNull(uri, "uri");
		}

		public BlobResourceContents(String blob, @Nullable String mimeType, String uri,
				@Nullable Map<String, Object> meta) {
			this(blob, mimeType, uri, meta, Map.of());
		}

		public BlobResourceContents(String blob, @Nullable String mimeType, String uri) {
			this(blob, mimeType, uri, null, Map.of());
		}

		public BlobResourceContents(String blob, String uri) {
			this(blob, null, uri, null, Map.of());
		}

	}

	/**
	 * Reads resource contents by shape.
	 */
	final class Deserializer extends ValueDeserializer<EmbeddedResourceResource> {

		@Override
		public EmbeddedResourceResource deserialize(JsonParser parser, DeserializationContext context) {
			ObjectNode shared = TaggedUnionDeserializer.sharedObject(parser);
			if (shared != null) {
				parser.skipChildren();
			}
			JsonNode node = (shared != null) ? shared : context.readTree(parser);
			if (!(node instanceof ObjectNode object)) {
				return context.reportInputMismatch(EmbeddedResourceResource.class,
						"Expected an object for EmbeddedResourceResource");
			}
			if (object.has("blob")) {
				return context.readTreeAsValue(object, BlobResourceContents.class);
			}
			return context.readTreeAsValue(object, TextResourceContents.class);
		}

	}

}
