package dev.acp.spring.protocol.v2;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.acp.spring.protocol.TaggedUnionDeserializer;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * Content blocks represent displayable information in the Agent Client Protocol.
 * Discriminated by {@code type}. Variants this version does not know are kept whole as
 * {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = ContentBlock.Deserializer.class)
public sealed interface ContentBlock permits ContentBlock.Text, ContentBlock.Image, ContentBlock.Audio,
		ContentBlock.ResourceLink, ContentBlock.Resource, ContentBlock.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * Text content.
	 *
	 * @param text text payload carried by this content block
	 * @param annotations optional annotations that help clients decide how to display or
	 * route this content
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("text")
	record Text(String text,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Annotations annotations,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ContentBlock {

		public Text {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(text, "text");
		}

		public Text(String text, @Nullable Annotations annotations, @Nullable Map<String, Object> meta) {
			this(text, annotations, meta, Map.of());
		}

		public Text(String text) {
			this(text, null, null, Map.of());
		}

	}

	/**
	 * Images for visual context or analysis.
	 *
	 * @param data base64-encoded media payload
	 * @param mimeType MIME type describing the encoded media payload
	 * @param uri URI associated with this resource or media payload
	 * @param annotations optional annotations that help clients decide how to display or
	 * route this content
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("image")
	record Image(String data, String mimeType,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String uri,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Annotations annotations,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ContentBlock {

		public Image {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(data, "data");
			Objects.requireNonNull(mimeType, "mimeType");
		}

		public Image(String data, String mimeType, @Nullable String uri, @Nullable Annotations annotations,
				@Nullable Map<String, Object> meta) {
			this(data, mimeType, uri, annotations, meta, Map.of());
		}

		public Image(String data, String mimeType) {
			this(data, mimeType, null, null, null, Map.of());
		}

	}

	/**
	 * Audio data for transcription or analysis.
	 *
	 * @param data base64-encoded media payload
	 * @param mimeType MIME type describing the encoded media payload
	 * @param annotations optional annotations that help clients decide how to display or
	 * route this content
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("audio")
	record Audio(String data, String mimeType,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Annotations annotations,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ContentBlock {

		public Audio {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(data, "data");
			Objects.requireNonNull(mimeType, "mimeType");
		}

		public Audio(String data, String mimeType, @Nullable Annotations annotations,
				@Nullable Map<String, Object> meta) {
			this(data, mimeType, annotations, meta, Map.of());
		}

		public Audio(String data, String mimeType) {
			this(data, mimeType, null, null, Map.of());
		}

	}

	/**
	 * References to resources that the receiver may be able to read.
	 *
	 * @param name human-readable name shown for this protocol object
	 * @param uri URI associated with this resource or media payload
	 * @param title optional display title for end-user UI
	 * @param description optional human-readable details shown with this protocol object
	 * @param icons optional set of sized icons that the client can display in a user
	 * interface
	 * @param mimeType MIME type describing the encoded media payload
	 * @param size optional size of the linked resource in bytes, if known
	 * @param annotations optional annotations that help clients decide how to display or
	 * route this content
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("resource_link")
	record ResourceLink(String name, String uri,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String title,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
			@JsonDeserialize(using = SkipInvalidItemsDeserializer.OrAbsent.class) @Nullable List<Icon> icons,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String mimeType,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Long size,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Annotations annotations,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ContentBlock {

		public ResourceLink {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(name, "name");
			Objects.requireNonNull(uri, "uri");
		}

		public ResourceLink(String name, String uri, @Nullable String title, @Nullable String description,
				@Nullable List<Icon> icons, @Nullable String mimeType, @Nullable Long size,
				@Nullable Annotations annotations, @Nullable Map<String, Object> meta) {
			this(name, uri, title, description, icons, mimeType, size, annotations, meta, Map.of());
		}

		public ResourceLink(String name, String uri) {
			this(name, uri, null, null, null, null, null, null, null, Map.of());
		}

	}

	/**
	 * Complete resource contents embedded directly in the message.
	 *
	 * @param resource embedded resource payload, either text or binary data
	 * @param annotations optional annotations that help clients decide how to display or
	 * route this content
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("resource")
	record Resource(EmbeddedResourceResource resource,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable Annotations annotations,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ContentBlock {

		public Resource {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(resource, "resource");
		}

		public Resource(EmbeddedResourceResource resource, @Nullable Annotations annotations,
				@Nullable Map<String, Object> meta) {
			this(resource, annotations, meta, Map.of());
		}

		public Resource(EmbeddedResourceResource resource) {
			this(resource, null, null, Map.of());
		}

	}

	/**
	 * A variant this version does not know, kept whole and written back as received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements ContentBlock {

	}

	/**
	 * Reads ContentBlock values, keeping unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<ContentBlock> {

		Deserializer() {
			super(ContentBlock.class, "type", Unknown::new);
		}

	}

}
