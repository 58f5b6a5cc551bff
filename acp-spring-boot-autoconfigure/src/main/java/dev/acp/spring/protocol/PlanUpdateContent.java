package dev.acp.spring.protocol;

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
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * The content of a {@code plan_update}: one plan, identified by its id, discriminated by
 * {@code type}. Types this version does not know are kept whole as {@link Unknown}.
 * Unstable in the ACP schema.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = PlanUpdateContent.Deserializer.class)
public sealed interface PlanUpdateContent
		permits PlanUpdateContent.Items, PlanUpdateContent.File, PlanUpdateContent.Markdown, PlanUpdateContent.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * A plan as structured entries; each update replaces the plan's entries.
	 *
	 * @param planId the id of the plan
	 * @param entries every entry of the plan with its current status
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("items")
	record Items(String planId, List<PlanEntry> entries, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements PlanUpdateContent {

		public Items {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(planId, "planId");
			Objects.requireNonNull(entries, "entries");
		}

		public Items(String planId, List<PlanEntry> entries) {
			this(planId, entries, null, Map.of());
		}

	}

	/**
	 * A plan held in a file.
	 *
	 * @param planId the id of the plan
	 * @param uri the URI of the file containing the plan
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("file")
	record File(String planId, String uri, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements PlanUpdateContent {

		public File {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(planId, "planId");
			Objects.requireNonNull(uri, "uri");
		}

		public File(String planId, String uri) {
			this(planId, uri, null, Map.of());
		}

	}

	/**
	 * A plan as raw Markdown.
	 *
	 * @param planId the id of the plan
	 * @param content the Markdown content of the plan
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("markdown")
	record Markdown(String planId, String content, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements PlanUpdateContent {

		public Markdown {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(planId, "planId");
			Objects.requireNonNull(content, "content");
		}

		public Markdown(String planId, String content) {
			this(planId, content, null, Map.of());
		}

	}

	/**
	 * Plan content of a type this version does not know, kept whole and written back as
	 * received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements PlanUpdateContent {

	}

	/**
	 * Reads plan content, keeping unknown kinds.
	 */
	final class Deserializer extends TaggedUnionDeserializer<PlanUpdateContent> {

		Deserializer() {
			super(PlanUpdateContent.class, "type", Unknown::new);
		}

	}

}
