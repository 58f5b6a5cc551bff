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
 * Updated content for a plan. Discriminated by {@code type}. Variants this version does
 * not know are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = PlanUpdateContent.Deserializer.class)
public sealed interface PlanUpdateContent permits PlanUpdateContent.Items, PlanUpdateContent.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * Structured plan entries.
	 *
	 * @param planId the plan ID to update
	 * @param entries the list of tasks to be accomplished
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("items")
	record Items(String planId, @JsonDeserialize(using = SkipInvalidItemsDeserializer.class) List<PlanEntry> entries,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements PlanUpdateContent {

		public Items {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(planId, "planId");
			Objects.requireNonNull(entries, "entries");
		}

		public Items(String planId, List<PlanEntry> entries, @Nullable Map<String, Object> meta) {
			this(planId, entries, meta, Map.of());
		}

		public Items(String planId, List<PlanEntry> entries) {
			this(planId, entries, null, Map.of());
		}

	}

	/**
	 * A variant this version does not know, kept whole and written back as received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements PlanUpdateContent {

	}

	/**
	 * Reads PlanUpdateContent values, keeping unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<PlanUpdateContent> {

		Deserializer() {
			super(PlanUpdateContent.class, "type", Unknown::new);
		}

	}

}
