package dev.acp.spring.protocol;

import java.util.Map;

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
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * Result of {@code elicitation/create}, discriminated by {@code action}. Actions this
 * version does not know are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = CreateElicitationResponse.Deserializer.class)
public sealed interface CreateElicitationResponse permits CreateElicitationResponse.Accept,
		CreateElicitationResponse.Decline, CreateElicitationResponse.Cancel, CreateElicitationResponse.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code action} value
	 */
	@JsonProperty(value = "action", access = JsonProperty.Access.READ_ONLY)
	default String action() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * The user accepted and supplied content.
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
	record Accept(@Nullable Map<String, JsonNode> content, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements CreateElicitationResponse {

		public Accept {
			unknown = UnknownFields.of(unknown);
		}

		public Accept(@Nullable Map<String, JsonNode> content, @Nullable Map<String, Object> meta) {
			this(content, meta, Map.of());
		}

		public Accept(@Nullable Map<String, JsonNode> content) {
			this(content, null, Map.of());
		}

		public Accept() {
			this(null, null, Map.of());
		}

	}

	/**
	 * The user declined.
	 *
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "action", allowGetters = true)
	@JsonPropertyOrder({ "action" })
	@JsonTypeName("decline")
	record Decline(@JsonProperty("_meta") @Nullable Map<String, Object> meta,
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
	 * The user dismissed the request.
	 *
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "action", allowGetters = true)
	@JsonPropertyOrder({ "action" })
	@JsonTypeName("cancel")
	record Cancel(@JsonProperty("_meta") @Nullable Map<String, Object> meta,
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
	 * An action this version does not know, kept whole and written back as received.
	 *
	 * @param action the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String action, @JsonValue ObjectNode raw) implements CreateElicitationResponse {

	}

	/**
	 * Reads CreateElicitationResponse values, keeping unknown kinds.
	 */
	final class Deserializer extends TaggedUnionDeserializer<CreateElicitationResponse> {

		Deserializer() {
			super(CreateElicitationResponse.class, "action", Unknown::new);
		}

	}

}
