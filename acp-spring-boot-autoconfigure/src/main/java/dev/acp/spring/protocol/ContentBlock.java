package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.annotation.JsonValue;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * A block of content (prompts, messages, tool output), discriminated by {@code type}.
 * Content of a type this version does not know is kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = ContentBlock.Deserializer.class)
public sealed interface ContentBlock permits ContentBlock.Text, ContentBlock.Image, ContentBlock.Audio,
		ContentBlock.ResourceLink, ContentBlock.Resource, ContentBlock.Unknown {

	/**
	 * The discriminator.
	 * @return the content type
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * Text content.
	 * @param text the text
	 * @return the block
	 */
	static Text text(String text) {
		return new Text(text);
	}

	/**
	 * Image content.
	 * @param data the base64 data
	 * @param mimeType the MIME type, such as {@code image/png}
	 * @return the block
	 */
	static Image image(String data, String mimeType) {
		return new Image(data, mimeType, null, null, null);
	}

	/**
	 * Audio content.
	 * @param data the base64 data
	 * @param mimeType the MIME type, such as {@code audio/wav}
	 * @return the block
	 */
	static Audio audio(String data, String mimeType) {
		return new Audio(data, mimeType, null, null);
	}

	/**
	 * A link to a resource the agent can read.
	 * @param uri the URI, such as {@code file:///home/me/project/Main.java}
	 * @param name the name
	 * @return the block
	 */
	static ResourceLink resourceLink(String uri, String name) {
		return new ResourceLink(uri, name, null, null, null, null, null, null);
	}

	/**
	 * Text content.
	 *
	 * @param text the text
	 * @param annotations hints on audience, priority and freshness
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("text")
	record Text(String text, @Nullable Annotations annotations,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ContentBlock {

		public Text {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(text, "text");
		}

		public Text(String text, @Nullable Annotations annotations, @Nullable Map<String, Object> meta) {
			this(text, annotations, meta, Map.of());
		}

		public Text(String text) {
			this(text, null, null);
		}

	}

	/**
	 * Image content.
	 *
	 * @param data base64 data
	 * @param mimeType the MIME type
	 * @param uri the source URI
	 * @param annotations hints on audience, priority and freshness
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("image")
	record Image(String data, String mimeType, @Nullable String uri, @Nullable Annotations annotations,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
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

	}

	/**
	 * Audio content.
	 *
	 * @param data base64 data
	 * @param mimeType the MIME type
	 * @param annotations hints on audience, priority and freshness
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("audio")
	record Audio(String data, String mimeType, @Nullable Annotations annotations,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
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

	}

	/**
	 * A link to a resource the agent can read.
	 *
	 * @param uri the URI
	 * @param name the name
	 * @param title the title
	 * @param description the description
	 * @param mimeType the MIME type
	 * @param size the size in bytes
	 * @param annotations hints on audience, priority and freshness
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("resource_link")
	record ResourceLink(String uri, String name, @Nullable String title, @Nullable String description,
			@Nullable String mimeType, @Nullable Long size, @Nullable Annotations annotations,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ContentBlock {

		public ResourceLink {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(uri, "uri");
			Objects.requireNonNull(name, "name");
		}

		public ResourceLink(String uri, String name, @Nullable String title, @Nullable String description,
				@Nullable String mimeType, @Nullable Long size, @Nullable Annotations annotations,
				@Nullable Map<String, Object> meta) {
			this(uri, name, title, description, mimeType, size, annotations, meta, Map.of());
		}

	}

	/**
	 * An embedded resource.
	 *
	 * @param resource the resource contents as received
	 * @param annotations hints on audience, priority and freshness
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("resource")
	record Resource(EmbeddedResourceResource resource, @Nullable Annotations annotations,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ContentBlock {

		public Resource {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(resource, "resource");
		}

		public Resource(EmbeddedResourceResource resource, @Nullable Annotations annotations,
				@Nullable Map<String, Object> meta) {
			this(resource, annotations, meta, Map.of());
		}

	}

	/**
	 * Content of a type this version does not know, kept whole and written back as
	 * received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements ContentBlock {

	}

	/**
	 * Reads content blocks, keeping unknown types.
	 */
	final class Deserializer extends TaggedUnionDeserializer<ContentBlock> {

		Deserializer() {
			super(ContentBlock.class, "type", Unknown::new);
		}

	}

}
