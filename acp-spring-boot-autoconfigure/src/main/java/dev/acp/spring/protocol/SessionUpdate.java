package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * An update of a session, discriminated by {@code sessionUpdate}. Kinds this version does
 * not type are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = SessionUpdate.Deserializer.class)
public sealed interface SessionUpdate permits SessionUpdate.UserMessageChunk, SessionUpdate.AgentMessageChunk,
		SessionUpdate.AgentThoughtChunk, SessionUpdate.Unknown {

	/**
	 * The discriminator.
	 * @return the update kind
	 */
	String sessionUpdate();

	/**
	 * A chunk of the user's message.
	 *
	 * @param content the content
	 * @param messageId the message id, or {@code null}
	 * @param meta the {@code _meta} object, or {@code null}
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	record UserMessageChunk(ContentBlock content, String messageId, @JsonProperty("_meta") Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public UserMessageChunk {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(content, "content");
		}

		public UserMessageChunk(ContentBlock content, String messageId, Map<String, Object> meta) {
			this(content, messageId, meta, null);
		}

		@Override
		@JsonProperty(value = "sessionUpdate", access = JsonProperty.Access.READ_ONLY)
		public String sessionUpdate() {
			return "user_message_chunk";
		}

	}

	/**
	 * A chunk of the agent's message.
	 *
	 * @param content the content
	 * @param messageId the message id, or {@code null}
	 * @param meta the {@code _meta} object, or {@code null}
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	record AgentMessageChunk(ContentBlock content, String messageId, @JsonProperty("_meta") Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public AgentMessageChunk {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(content, "content");
		}

		public AgentMessageChunk(ContentBlock content, String messageId, Map<String, Object> meta) {
			this(content, messageId, meta, null);
		}

		public AgentMessageChunk(ContentBlock content) {
			this(content, null, null);
		}

		@Override
		@JsonProperty(value = "sessionUpdate", access = JsonProperty.Access.READ_ONLY)
		public String sessionUpdate() {
			return "agent_message_chunk";
		}

	}

	/**
	 * A chunk of the agent's reasoning.
	 *
	 * @param content the content
	 * @param messageId the message id, or {@code null}
	 * @param meta the {@code _meta} object, or {@code null}
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "sessionUpdate", allowGetters = true)
	record AgentThoughtChunk(ContentBlock content, String messageId, @JsonProperty("_meta") Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SessionUpdate {

		public AgentThoughtChunk {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(content, "content");
		}

		public AgentThoughtChunk(ContentBlock content, String messageId, Map<String, Object> meta) {
			this(content, messageId, meta, null);
		}

		@Override
		@JsonProperty(value = "sessionUpdate", access = JsonProperty.Access.READ_ONLY)
		public String sessionUpdate() {
			return "agent_thought_chunk";
		}

	}

	/**
	 * An update of a kind this version does not type, kept whole and written back as
	 * received.
	 *
	 * @param sessionUpdate the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String sessionUpdate, @JsonValue ObjectNode raw) implements SessionUpdate {

	}

	/**
	 * Reads session updates, keeping unknown kinds.
	 */
	final class Deserializer extends TaggedUnionDeserializer<SessionUpdate> {

		Deserializer() {
			super(SessionUpdate.class, "sessionUpdate", Map.of("user_message_chunk", UserMessageChunk.class,
					"agent_message_chunk", AgentMessageChunk.class, "agent_thought_chunk", AgentThoughtChunk.class),
					Unknown::new);
		}

	}

}
