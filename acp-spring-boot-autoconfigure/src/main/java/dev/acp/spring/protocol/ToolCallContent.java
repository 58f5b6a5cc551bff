package dev.acp.spring.protocol;

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
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * Content produced by a tool call, discriminated by {@code type}. Types this version does
 * not know are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = ToolCallContent.Deserializer.class)
public sealed interface ToolCallContent
		permits ToolCallContent.Content, ToolCallContent.Diff, ToolCallContent.Terminal, ToolCallContent.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * Content of one text block.
	 * @param text the text
	 * @return the content
	 */
	static Content text(String text) {
		return new Content(ContentBlock.text(text));
	}

	/**
	 * Content of one content block.
	 * @param content the block
	 * @return the content
	 */
	static Content of(ContentBlock content) {
		return new Content(content);
	}

	/**
	 * A diff of a file.
	 * @param path the absolute path of the file
	 * @param oldText the content before, or {@code null} for a new file
	 * @param newText the content after
	 * @return the diff
	 */
	static Diff diff(String path, @Nullable String oldText, String newText) {
		return new Diff(path, oldText, newText);
	}

	/**
	 * A terminal created with {@code terminal/create}, shown live by the client.
	 * @param terminalId the id of the terminal
	 * @return the content
	 */
	static Terminal terminal(String terminalId) {
		return new Terminal(terminalId);
	}

	/**
	 * Standard content block (text, images, resources).
	 *
	 * @param content the actual content block
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("content")
	record Content(ContentBlock content, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ToolCallContent {

		public Content {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(content, "content");
		}

		public Content(ContentBlock content, @Nullable Map<String, Object> meta) {
			this(content, meta, Map.of());
		}

		public Content(ContentBlock content) {
			this(content, null, Map.of());
		}

	}

	/**
	 * A diff representing file modifications.
	 *
	 * @param path the absolute file path being modified
	 * @param oldText the original content (omitted or {@code null} for new files)
	 * @param newText the new content after modification
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("diff")
	record Diff(String path, @Nullable String oldText, String newText,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ToolCallContent {

		public Diff {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(path, "path");
			Objects.requireNonNull(newText, "newText");
		}

		public Diff(String path, @Nullable String oldText, String newText, @Nullable Map<String, Object> meta) {
			this(path, oldText, newText, meta, Map.of());
		}

		public Diff(String path, @Nullable String oldText, String newText) {
			this(path, oldText, newText, null, Map.of());
		}

		public Diff(String path, String newText) {
			this(path, null, newText, null, Map.of());
		}

	}

	/**
	 * Embed a terminal created with {@code terminal/create} by its id.
	 *
	 * @param terminalId identifier of the terminal instance to embed in the content
	 * stream
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("terminal")
	record Terminal(String terminalId, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ToolCallContent {

		public Terminal {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(terminalId, "terminalId");
		}

		public Terminal(String terminalId, @Nullable Map<String, Object> meta) {
			this(terminalId, meta, Map.of());
		}

		public Terminal(String terminalId) {
			this(terminalId, null, Map.of());
		}

	}

	/**
	 * Tool call content of a type this version does not know, kept whole and written back
	 * as received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements ToolCallContent {

	}

	/**
	 * Reads ToolCallContent values, keeping unknown kinds.
	 */
	final class Deserializer extends TaggedUnionDeserializer<ToolCallContent> {

		Deserializer() {
			super(ToolCallContent.class, "type", Unknown::new);
		}

	}

}
