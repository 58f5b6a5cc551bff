package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.acp.spring.protocol.TaggedUnionDeserializer;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Response from the client to an elicitation request. Discriminated by {@code action}.
 * Closed: an unknown action fails.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = CreateElicitationResponse.Deserializer.class)
public sealed interface CreateElicitationResponse
		permits CreateElicitationResponse.Accept, CreateElicitationResponse.Decline, CreateElicitationResponse.Cancel {

	/**
	 * The discriminator.
	 * @return the {@code action} value
	 */
	@JsonProperty(value = "action", access = JsonProperty.Access.READ_ONLY)
	default String action() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * The user accepted and provided content.
	 *
	 * @param content the user-provided content, if any, as an object matching the
	 * requested schema
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "action", allowGetters = true)
	@JsonPropertyOrder({ "action" })
	@JsonTypeName("accept")
	record Accept(@Nullable Map<String, JsonNode> content,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements CreateElicitationResponse {

		public Accept {
			unknown = UnknownFields.of(unknown);
			if (content != null) {
				content.forEach(Accept::requireContentValue);
			}
		}

		public Accept(@Nullable Map<String, JsonNode> content, @Nullable Map<String, Object> meta) {
			this(content, meta, Map.of());
		}

		public Accept() {
			this(null, null, Map.of());
		}

		/**
		 * Check that a value is one the schema allows in elicitation content: a string, a
		 * number, a boolean or an array of strings.
		 */
		private static void requireContentValue(String name, JsonNode value) {
			boolean strings = value.isArray() && value.valueStream().allMatch(JsonNode::isString);
			if (!(value.isString() || value.isNumber() || value.isBoolean() || strings)) {
				throw new IllegalArgumentException("content '" + name
						+ "' must be a string, a number, a boolean or an array of strings: " + value.getNodeType());
			}
		}

	}

	/**
	 * The user declined the elicitation.
	 *
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "action", allowGetters = true)
	@JsonPropertyOrder({ "action" })
	@JsonTypeName("decline")
	record Decline(
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements CreateElicitationResponse {

		public Decline {
			unknown = UnknownFields.of(unknown);
		}

		public Decline(@Nullable Map<String, Object> meta) {
			this(meta, Map.of());
		}

		public Decline() {
			this(null, Map.of());
		}

	}

	/**
	 * The elicitation was cancelled.
	 *
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "action", allowGetters = true)
	@JsonPropertyOrder({ "action" })
	@JsonTypeName("cancel")
	record Cancel(
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements CreateElicitationResponse {

		public Cancel {
			unknown = UnknownFields.of(unknown);
		}

		public Cancel(@Nullable Map<String, Object> meta) {
			this(meta, Map.of());
		}

		public Cancel() {
			this(null, Map.of());
		}

	}

	/**
	 * Reads CreateElicitationResponse values, failing on unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<CreateElicitationResponse> {

		Deserializer() {
			super(CreateElicitationResponse.class, "action", null);
		}

	}

}
