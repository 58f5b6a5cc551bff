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
 * Content produced by a tool call. Discriminated by {@code type}. Variants this version
 * does not know are kept whole as {@link Unknown}.
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
	record Content(ContentBlock content,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
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
	 * File modification shown as a diff.
	 *
	 * @param changes structured file changes described by this diff
	 * @param patch renderable patch text for some or all of the structured changes
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("diff")
	record Diff(@JsonDeserialize(using = SkipInvalidItemsDeserializer.class) List<DiffChange> changes,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable DiffPatch patch,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ToolCallContent {

		public Diff {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(changes, "changes");
		}

		public Diff(List<DiffChange> changes, @Nullable DiffPatch patch, @Nullable Map<String, Object> meta) {
			this(changes, patch, meta, Map.of());
		}

		public Diff(List<DiffChange> changes) {
			this(changes, null, null, Map.of());
		}

	}

	/**
	 * A display-only reference to an agent-owned terminal.
	 *
	 * @param terminalId the ID of the terminal to display
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("terminal")
	record Terminal(String terminalId,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
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
	 * A variant this version does not know, kept whole and written back as received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements ToolCallContent {

	}

	/**
	 * Reads ToolCallContent values, keeping unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<ToolCallContent> {

		Deserializer() {
			super(ToolCallContent.class, "type", Unknown::new);
		}

	}

}
