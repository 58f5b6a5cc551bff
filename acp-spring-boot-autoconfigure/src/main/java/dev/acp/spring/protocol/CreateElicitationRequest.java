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
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * Params of {@code elicitation/create}, discriminated by {@code mode}; the scope is a
 * {@code sessionId} (with an optional {@code toolCallId}) or a {@code requestId}. Modes
 * this version does not know are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = CreateElicitationRequest.Deserializer.class)
public sealed interface CreateElicitationRequest
		permits CreateElicitationRequest.Form, CreateElicitationRequest.Url, CreateElicitationRequest.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code mode} value
	 */
	@JsonProperty(value = "mode", access = JsonProperty.Access.READ_ONLY)
	default String mode() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * Form mode: the client shows a form built from a restricted JSON schema.
	 *
	 * @param message A human-readable message describing what input is needed
	 * @param requestedSchema A JSON Schema describing the form fields to present to the
	 * user
	 * @param sessionId the session the request belongs to (session scope)
	 * @param toolCallId the tool call the request belongs to (session scope)
	 * @param requestId the JSON-RPC request the elicitation belongs to (request scope)
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
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements CreateElicitationRequest {

		public Form {
			unknown = UnknownFields.of(unknown);
			if (sessionId == null && requestId == null) {
				throw new NullPointerException("sessionId");
			}
			Objects.requireNonNull(message, "message");
			Objects.requireNonNull(requestedSchema, "requestedSchema");
		}

		public Form(String message, ElicitationSchema requestedSchema, @Nullable String sessionId,
				@Nullable String toolCallId, @Nullable JsonNode requestId, @Nullable Map<String, Object> meta) {
			this(message, requestedSchema, sessionId, toolCallId, requestId, meta, Map.of());
		}

		public Form(String message, ElicitationSchema requestedSchema, @Nullable String sessionId,
				@Nullable String toolCallId, @Nullable JsonNode requestId) {
			this(message, requestedSchema, sessionId, toolCallId, requestId, null, Map.of());
		}

		public Form(String message, ElicitationSchema requestedSchema) {
			this(message, requestedSchema, null, null, null, null, Map.of());
		}

	}

	/**
	 * URL mode: the client sends the user to a URL.
	 *
	 * @param message A human-readable message describing what input is needed
	 * @param elicitationId the unique identifier for this elicitation
	 * @param url the URL to direct the user to
	 * @param sessionId the session the request belongs to (session scope)
	 * @param toolCallId the tool call the request belongs to (session scope)
	 * @param requestId the JSON-RPC request the elicitation belongs to (request scope)
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
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements CreateElicitationRequest {

		public Url {
			unknown = UnknownFields.of(unknown);
			if (sessionId == null && requestId == null) {
				throw new NullPointerException("sessionId");
			}
			Objects.requireNonNull(message, "message");
			Objects.requireNonNull(elicitationId, "elicitationId");
			Objects.requireNonNull(url, "url");
		}

		public Url(String message, String elicitationId, String url, @Nullable String sessionId,
				@Nullable String toolCallId, @Nullable JsonNode requestId, @Nullable Map<String, Object> meta) {
			this(message, elicitationId, url, sessionId, toolCallId, requestId, meta, Map.of());
		}

		public Url(String message, String elicitationId, String url, @Nullable String sessionId,
				@Nullable String toolCallId, @Nullable JsonNode requestId) {
			this(message, elicitationId, url, sessionId, toolCallId, requestId, null, Map.of());
		}

		public Url(String message, String elicitationId, String url) {
			this(message, elicitationId, url, null, null, null, null, Map.of());
		}

	}

	/**
	 * A request of a mode this version does not know, kept whole and written back as
	 * received.
	 *
	 * @param mode the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String mode, @JsonValue ObjectNode raw) implements CreateElicitationRequest {

	}

	/**
	 * Reads CreateElicitationRequest values, keeping unknown kinds.
	 */
	final class Deserializer extends TaggedUnionDeserializer<CreateElicitationRequest> {

		Deserializer() {
			super(CreateElicitationRequest.class, "mode", Unknown::new);
		}

	}

}
