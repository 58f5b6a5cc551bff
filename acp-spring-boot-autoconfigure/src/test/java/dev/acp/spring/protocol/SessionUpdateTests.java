package dev.acp.spring.protocol;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link SessionUpdate}.
 */
class SessionUpdateTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private SessionUpdate read(String json) {
		return this.mapper.readValue(json, SessionUpdate.class);
	}

	private JsonNode tree(String json) {
		return this.mapper.readTree(json);
	}

	private JsonNode writeTree(Object value) {
		return tree(this.mapper.writeValueAsString(value));
	}

	@ParameterizedTest
	@ValueSource(strings = { "user_message_chunk", "agent_message_chunk", "agent_thought_chunk" })
	void knownKindsRoundTripWithTheirDiscriminator(String kind) {
		String json = "{\"sessionUpdate\":\"" + kind
				+ "\",\"content\":{\"type\":\"text\",\"text\":\"chunk\"},\"messageId\":\"m1\",\"_meta\":{\"a\":[1]}}";
		SessionUpdate update = read(json);
		assertThat(update.sessionUpdate()).isEqualTo(kind);
		assertThat(update).isNotInstanceOf(SessionUpdate.Unknown.class);
		assertThat(writeTree(update)).isEqualTo(tree(json));
	}

	@Test
	void eachKindBindsItsOwnVariant() {
		String content = ",\"content\":{\"type\":\"text\",\"text\":\"x\"}}";
		assertThat(read("{\"sessionUpdate\":\"user_message_chunk\"" + content))
			.isInstanceOf(SessionUpdate.UserMessageChunk.class);
		assertThat(read("{\"sessionUpdate\":\"agent_message_chunk\"" + content))
			.isEqualTo(new SessionUpdate.AgentMessageChunk(new ContentBlock.Text("x")));
		assertThat(read("{\"sessionUpdate\":\"agent_thought_chunk\"" + content))
			.isInstanceOf(SessionUpdate.AgentThoughtChunk.class);
	}

	@Test
	void aNewAgentMessageChunkIsWrittenWithItsDiscriminatorAndWithoutNullFields() {
		SessionNotification notification = new SessionNotification("sess_1",
				new SessionUpdate.AgentMessageChunk(new ContentBlock.Text("hello")));
		assertThat(writeTree(notification)).isEqualTo(tree(
				"{\"sessionId\":\"sess_1\",\"update\":{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{\"type\":\"text\",\"text\":\"hello\"}}}"));
	}

	@Test
	void anUnknownKindKeepsTheWholeObjectAndWritesItBackUnchanged() {
		String json = "{\"sessionUpdate\":\"_acme.dev/tool_trace\",\"toolCallId\":\"call_1\",\"title\":\"Read file\",\"kind\":\"read\",\"status\":\"pending\",\"locations\":[{\"path\":\"/a\",\"line\":3}],\"rawInput\":{\"path\":\"/a\",\"opts\":{\"x\":1.25}},\"_meta\":{\"v\":{}}}";
		SessionUpdate update = read(json);
		assertThat(update).isInstanceOfSatisfying(SessionUpdate.Unknown.class, (unknown) -> {
			assertThat(unknown.sessionUpdate()).isEqualTo("_acme.dev/tool_trace");
			assertThat(unknown.raw()).isEqualTo(tree(json));
		});
		assertThat(this.mapper.writeValueAsString(update)).isEqualTo(json);
	}

	@Test
	void anUnknownKindInsideANotificationRoundTrips() {
		String json = "{\"sessionId\":\"s\",\"update\":{\"sessionUpdate\":\"_vendor.dev/progress\",\"percent\":42,\"steps\":[{\"name\":\"a\",\"done\":true}]},\"_meta\":{\"k\":1}}";
		SessionNotification notification = this.mapper.readValue(json, SessionNotification.class);
		assertThat(notification.update()).isInstanceOf(SessionUpdate.Unknown.class);
		assertThat(notification.update().sessionUpdate()).isEqualTo("_vendor.dev/progress");
		assertThat(writeTree(notification)).isEqualTo(tree(json));
	}

	@Test
	void aKnownKindWithUnknownContentKeepsTheContent() {
		String json = "{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{\"type\":\"_vendor/card\",\"cardId\":7,\"body\":{\"title\":\"t\"}}}";
		SessionUpdate update = read(json);
		assertThat(update).isInstanceOfSatisfying(SessionUpdate.AgentMessageChunk.class,
				(chunk) -> assertThat(chunk.content()).isInstanceOf(ContentBlock.Unknown.class));
		assertThat(writeTree(update)).isEqualTo(tree(json));
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"sessionUpdate\":\"agent_message_chunk\"}",
			"{\"sessionUpdate\":\"agent_message_chunk\",\"content\":null}",
			"{\"sessionUpdate\":\"agent_message_chunk\",\"content\":\"text\"}",
			"{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{\"type\":\"text\"}}",
			"{\"sessionUpdate\":\"user_message_chunk\",\"content\":{\"text\":\"no type\"}}",
			"{\"sessionUpdate\":\"agent_thought_chunk\",\"content\":{\"type\":\"text\",\"text\":\"t\"},\"messageId\":{}}" })
	void aKnownKindWithAMalformedPayloadFails(String json) {
		assertThatExceptionOfType(JacksonException.class).isThrownBy(() -> read(json));
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"content\":{\"type\":\"text\",\"text\":\"x\"}}", "{\"sessionUpdate\":null}",
			"{\"sessionUpdate\":1}", "{\"type\":\"agent_message_chunk\"}", "[]", "\"agent_message_chunk\"" })
	void aMissingOrNonStringDiscriminatorFails(String json) {
		assertThatExceptionOfType(JacksonException.class).isThrownBy(() -> read(json));
	}

	@Test
	void metaOfAKnownKindIsKept() {
		SessionUpdate update = read(
				"{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{\"type\":\"text\",\"text\":\"x\"},\"_meta\":{\"traceparent\":\"00-1-2-01\"}}");
		assertThat(((SessionUpdate.AgentMessageChunk) update).meta()).isEqualTo(Map.of("traceparent", "00-1-2-01"));
	}

}
