package dev.acp.spring.protocol;

import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that typed protocol records keep the fields this version does not know, so that
 * storing or forwarding a received object loses nothing.
 *
 * @author ACP Spring Boot Starter contributors
 */
class UnknownFieldsTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	@Test
	void clientCapabilitiesKeepUnknownFieldsAndWriteThemBack() {
		String json = "{\"fs\":{\"readTextFile\":true,\"futureFlag\":1},\"terminal\":false,"
				+ "\"futureCapability\":{\"level\":2,\"list\":[1,null]},\"_meta\":{\"zed.dev\":{\"workspace\":true}}}";
		ClientCapabilities capabilities = this.mapper.readValue(json, ClientCapabilities.class);
		assertThat(capabilities.unknown()).containsOnlyKeys("futureCapability");
		assertThat(capabilities.fs().unknown()).containsEntry("futureFlag", 1);
		assertThat(tree(this.mapper.writeValueAsString(capabilities))).isEqualTo(tree(json));
	}

	@Test
	void contentBlockKeepsUnknownFieldsAndWritesItsDiscriminatorOnce() {
		String json = "{\"type\":\"text\",\"text\":\"hi\",\"futureField\":{\"nested\":[true]}}";
		ContentBlock block = this.mapper.readValue(json, ContentBlock.class);
		assertThat(block).isInstanceOfSatisfying(ContentBlock.Text.class,
				(text) -> assertThat(text.unknown()).containsOnlyKeys("futureField"));
		String written = this.mapper.writeValueAsString(block);
		assertThat(written.split("\"type\"", -1)).hasSize(2);
		assertThat(tree(written)).isEqualTo(tree(json));
	}

	@Test
	void sessionUpdateKeepsUnknownFieldsAndWritesItsDiscriminatorOnce() {
		String json = "{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{\"type\":\"text\",\"text\":\"x\"},"
				+ "\"futureField\":7}";
		SessionUpdate update = this.mapper.readValue(json, SessionUpdate.class);
		assertThat(update).isInstanceOfSatisfying(SessionUpdate.AgentMessageChunk.class,
				(chunk) -> assertThat(chunk.unknown()).containsExactly(Map.entry("futureField", 7)));
		String written = this.mapper.writeValueAsString(update);
		assertThat(written.split("\"sessionUpdate\"", -1)).hasSize(2);
		assertThat(tree(written)).isEqualTo(tree(json));
	}

	@Test
	void promptRequestKeepsUnknownFieldsAtEveryLevel() {
		String json = "{\"sessionId\":\"s\",\"prompt\":[{\"type\":\"text\",\"text\":\"a\",\"x\":1},"
				+ "{\"type\":\"_vendor_block\",\"y\":2}],\"futureParam\":\"kept\",\"_meta\":{\"traceparent\":\"t\"}}";
		PromptRequest request = this.mapper.readValue(json, PromptRequest.class);
		assertThat(request.unknown()).containsExactly(Map.entry("futureParam", "kept"));
		assertThat(tree(this.mapper.writeValueAsString(request))).isEqualTo(tree(json));
	}

	@Test
	void recordsBuiltInCodeHaveNoUnknownFields() {
		assertThat(new Implementation("agent", "1.0").unknown()).isEmpty();
		assertThat(this.mapper.writeValueAsString(new PromptResponse(StopReason.END_TURN)))
			.isEqualTo("{\"stopReason\":\"end_turn\"}");
	}

	private JsonNode tree(String json) {
		return this.mapper.readTree(json);
	}

}
