package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonTypeName;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * The outcome of a permission request, discriminated by {@code outcome}. Closed: an
 * unknown outcome fails.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = RequestPermissionOutcome.Deserializer.class)
public sealed interface RequestPermissionOutcome
		permits RequestPermissionOutcome.Cancelled, RequestPermissionOutcome.Selected {

	/**
	 * The discriminator.
	 * @return the {@code outcome} value
	 */
	@JsonProperty(value = "outcome", access = JsonProperty.Access.READ_ONLY)
	default String outcome() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * The prompt turn was cancelled before the user chose an option.
	 *
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "outcome", allowGetters = true)
	@JsonPropertyOrder({ "outcome" })
	@JsonTypeName("cancelled")
	record Cancelled(@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements RequestPermissionOutcome {

		public Cancelled {
			unknown = UnknownFields.of(unknown);
		}

		public Cancelled() {
			this(null, Map.of());
		}

	}

	/**
	 * The user selected one of the provided options.
	 *
	 * @param optionId the ID of the option the user selected
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "outcome", allowGetters = true)
	@JsonPropertyOrder({ "outcome" })
	@JsonTypeName("selected")
	record Selected(String optionId, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements RequestPermissionOutcome {

		public Selected {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(optionId, "optionId");
		}

		public Selected(String optionId, @Nullable Map<String, Object> meta) {
			this(optionId, meta, Map.of());
		}

		public Selected(String optionId) {
			this(optionId, null, Map.of());
		}

	}

	/**
	 * Reads RequestPermissionOutcome values, failing on unknown kinds.
	 */
	final class Deserializer extends TaggedUnionDeserializer<RequestPermissionOutcome> {

		Deserializer() {
			super(RequestPermissionOutcome.class, "outcome", null);
		}

	}

}
