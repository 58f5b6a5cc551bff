package dev.acp.spring.protocol.v2;

import java.util.Map;
import java.util.Objects;

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
 * Request from the agent to elicit structured user input. Discriminated by {@code
 * mode}. Closed: an unknown mode fails.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = CreateElicitationRequest.Deserializer.class)
public sealed interface CreateElicitationRequest permits CreateElicitationRequest.Form, CreateElicitationRequest.Url {

	/**
	 * The discriminator.
	 * @return the {@code mode} value
	 */
	@JsonProperty(value = "mode", access = JsonProperty.Access.READ_ONLY)
	default String mode() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * Form-based elicitation where the client renders a form from the provided schema.
	 *
	 * @param message A human-readable message describing what input is needed
	 * @param requestedSchema A JSON Schema describing the form fields to present to the
	 * user
	 * @param sessionId the session this elicitation is tied to
	 * @param toolCallId optional tool call within the session
	 * @param requestId the pending Client-to-Agent request this elicitation is tied to
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "mode", allowGetters = true)
	@JsonPropertyOrder({ "mode" })
	@JsonTypeName("form")
	record Form(String message, ElicitationSchema requestedSchema, @Nullable String sessionId,
			@Nullable String toolCallId, @Nullable JsonNode requestId,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements CreateElicitationRequest {

		public Form {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(message, "message");
			Objects.requireNonNull(requestedSchema, "requestedSchema");
		}

		public Form(String message, ElicitationSchema requestedSchema, @Nullable String sessionId,
				@Nullable String toolCallId, @Nullable JsonNode requestId, @Nullable Map<String, Object> meta) {
			this(message, requestedSchema, sessionId, toolCallId, requestId, meta, Map.of());
		}

		public Form(String message, ElicitationSchema requestedSchema) {
			this(message, requestedSchema, null, null, null, null, Map.of());
		}

	}

	/**
	 * URL-based elicitation where the client directs the user to a URL.
	 *
	 * @param message A human-readable message describing what input is needed
	 * @param elicitationId the unique identifier for this elicitation
	 * @param url the URL to direct the user to
	 * @param sessionId the session this elicitation is tied to
	 * @param toolCallId optional tool call within the session
	 * @param requestId the pending Client-to-Agent request this elicitation is tied to
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "mode", allowGetters = true)
	@JsonPropertyOrder({ "mode" })
	@JsonTypeName("url")
	record Url(String message, String elicitationId, String url, @Nullable String sessionId,
			@Nullable String toolCallId, @Nullable JsonNode requestId,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements CreateElicitationRequest {

		public Url {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(message, "message");
			Objects.requireNonNull(elicitationId, "elicitationId");
			Objects.requireNonNull(url, "url");
		}

		public Url(String message, String elicitationId, String url, @Nullable String sessionId,
				@Nullable String toolCallId, @Nullable JsonNode requestId, @Nullable Map<String, Object> meta) {
			this(message, elicitationId, url, sessionId, toolCallId, requestId, meta, Map.of());
		}

		public Url(String message, String elicitationId, String url) {
			this(message, elicitationId, url, null, null, null, null, Map.of());
		}

	}

	/**
	 * Reads CreateElicitationRequest values, failing on unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<CreateElicitationRequest> {

		Deserializer() {
			super(CreateElicitationRequest.class, "mode", null);
		}

	}

}
