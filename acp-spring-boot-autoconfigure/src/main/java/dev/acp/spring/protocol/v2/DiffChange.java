package dev.acp.spring.protocol.v2;

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
 * One file-level change described by a {@code Diff}. Discriminated by {@code
 * operation}. Variants this version does not know are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = DiffChange.Deserializer.class)
public sealed interface DiffChange permits DiffChange.Add, DiffChange.Delete, DiffChange.Modify, DiffChange.Move,
		DiffChange.Copy, DiffChange.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code operation} value
	 */
	@JsonProperty(value = "operation", access = JsonProperty.Access.READ_ONLY)
	default String operation() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * A file was added.
	 *
	 * @param fileType file content kind after the operation (for {@code delete}, of the
	 * deleted file)
	 * @param mimeType MIME type of the file contents after the operation (for {@code
	 * delete}, of the deleted file)
	 * @param path absolute path for the operation
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "operation", allowGetters = true)
	@JsonPropertyOrder({ "operation" })
	@JsonTypeName("add")
	record Add(@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable DiffFileType fileType,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String mimeType, String path,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements DiffChange {

		public Add {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(path, "path");
		}

		public Add(@Nullable DiffFileType fileType, @Nullable String mimeType, String path,
				@Nullable Map<String, Object> meta) {
			this(fileType, mimeType, path, meta, Map.of());
		}

		public Add(String path) {
			this(null, null, path, null, Map.of());
		}

	}

	/**
	 * A file was deleted.
	 *
	 * @param fileType file content kind after the operation (for {@code delete}, of the
	 * deleted file)
	 * @param mimeType MIME type of the file contents after the operation (for {@code
	 * delete}, of the deleted file)
	 * @param path absolute path for the operation
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "operation", allowGetters = true)
	@JsonPropertyOrder({ "operation" })
	@JsonTypeName("delete")
	record Delete(@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable DiffFileType fileType,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String mimeType, String path,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements DiffChange {

		public Delete {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(path, "path");
		}

		public Delete(@Nullable DiffFileType fileType, @Nullable String mimeType, String path,
				@Nullable Map<String, Object> meta) {
			this(fileType, mimeType, path, meta, Map.of());
		}

		public Delete(String path) {
			this(null, null, path, null, Map.of());
		}

	}

	/**
	 * A file was modified in place.
	 *
	 * @param fileType file content kind after the operation (for {@code delete}, of the
	 * deleted file)
	 * @param mimeType MIME type of the file contents after the operation (for {@code
	 * delete}, of the deleted file)
	 * @param path absolute path for the operation
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "operation", allowGetters = true)
	@JsonPropertyOrder({ "operation" })
	@JsonTypeName("modify")
	record Modify(@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable DiffFileType fileType,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String mimeType, String path,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements DiffChange {

		public Modify {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(path, "path");
		}

		public Modify(@Nullable DiffFileType fileType, @Nullable String mimeType, String path,
				@Nullable Map<String, Object> meta) {
			this(fileType, mimeType, path, meta, Map.of());
		}

		public Modify(String path) {
			this(null, null, path, null, Map.of());
		}

	}

	/**
	 * A file was moved or renamed.
	 *
	 * @param fileType file content kind after the operation (for {@code delete}, of the
	 * deleted file)
	 * @param mimeType MIME type of the file contents after the operation (for {@code
	 * delete}, of the deleted file)
	 * @param oldPath absolute path before the operation
	 * @param path absolute path after the operation
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "operation", allowGetters = true)
	@JsonPropertyOrder({ "operation" })
	@JsonTypeName("move")
	record Move(@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable DiffFileType fileType,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String mimeType, String oldPath,
			String path,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements DiffChange {

		public Move {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(oldPath, "oldPath");
			Objects.requireNonNull(path, "path");
		}

		public Move(@Nullable DiffFileType fileType, @Nullable String mimeType, String oldPath, String path,
				@Nullable Map<String, Object> meta) {
			this(fileType, mimeType, oldPath, path, meta, Map.of());
		}

		public Move(String oldPath, String path) {
			this(null, null, oldPath, path, null, Map.of());
		}

	}

	/**
	 * A file was copied.
	 *
	 * @param fileType file content kind after the operation (for {@code delete}, of the
	 * deleted file)
	 * @param mimeType MIME type of the file contents after the operation (for {@code
	 * delete}, of the deleted file)
	 * @param oldPath absolute path before the operation
	 * @param path absolute path after the operation
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "operation", allowGetters = true)
	@JsonPropertyOrder({ "operation" })
	@JsonTypeName("copy")
	record Copy(@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable DiffFileType fileType,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String mimeType, String oldPath,
			String path,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements DiffChange {

		public Copy {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(oldPath, "oldPath");
			Objects.requireNonNull(path, "path");
		}

		public Copy(@Nullable DiffFileType fileType, @Nullable String mimeType, String oldPath, String path,
				@Nullable Map<String, Object> meta) {
			this(fileType, mimeType, oldPath, path, meta, Map.of());
		}

		public Copy(String oldPath, String path) {
			this(null, null, oldPath, path, null, Map.of());
		}

	}

	/**
	 * A variant this version does not know, kept whole and written back as received.
	 *
	 * @param operation the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String operation, @JsonValue ObjectNode raw) implements DiffChange {

	}

	/**
	 * Reads DiffChange values, keeping unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<DiffChange> {

		Deserializer() {
			super(DiffChange.class, "operation", Unknown::new);
		}

	}

}
