package dev.acp.spring.protocol;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import tools.jackson.core.JsonParser;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.jackson.JsonNodeDeserializer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link TaggedUnionDeserializer}: a union bound from a tree is read from that
 * tree, not from a copy of it, and an unknown variant still keeps a copy of its own.
 */
class TaggedUnionDeserializerTests {

	private final AtomicInteger treesRead = new AtomicInteger();

	private final JsonMapper mapper = AcpJsonMapper.configure(JsonMapper.builder())
		.addModule(new SimpleModule().addDeserializer(JsonNode.class, new CountingTreeDeserializer(this.treesRead)))
		.build();

	private final JsonMapper plain = AcpJsonMapper.create();

	private static final String PROMPT = "{\"sessionId\":\"s1\",\"prompt\":[{\"type\":\"text\",\"text\":\"a\"},"
			+ "{\"type\":\"_x.dev/thing\",\"v\":[{\"w\":1}]},{\"text\":\"b\",\"type\":\"text\",\"_meta\":{\"k\":[1]}},"
			+ "{\"type\":\"resource\",\"resource\":{\"uri\":\"file:///a\",\"text\":\"t\"}}],\"_meta\":{\"m\":1}}";

	@Test
	void unionsBoundFromATreeAreReadWithoutCopyingTheTree() {
		JsonNode params = this.plain.readTree(PROMPT);
		PromptRequest request = this.mapper.treeToValue(params, PromptRequest.class);
		assertThat(this.treesRead).hasValue(0);
		assertThat(request).isEqualTo(this.plain.readValue(PROMPT, PromptRequest.class));
		SessionUpdate update = this.mapper.treeToValue(this.plain.readTree(
				"{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c\",\"title\":\"t\",\"content\":[{\"type\":\"content\",\"content\":{\"type\":\"text\",\"text\":\"x\"}}]}"),
				SessionUpdate.class);
		assertThat(this.treesRead).hasValue(0);
		assertThat(update).isInstanceOf(SessionUpdate.ToolCall.class);
	}

	@Test
	void anUnknownVariantBoundFromATreeKeepsACopyOfItsObject() {
		JsonNode params = this.plain.readTree(PROMPT);
		PromptRequest request = this.mapper.treeToValue(params, PromptRequest.class);
		((ObjectNode) params.get("prompt").get(1)).put("v", "changed");
		assertThat(request.prompt().get(1)).isInstanceOfSatisfying(ContentBlock.Unknown.class,
				(unknown) -> assertThat(unknown.raw().toString())
					.isEqualTo("{\"type\":\"_x.dev/thing\",\"v\":[{\"w\":1}]}"));
	}

	@Test
	void unionsReadFromTextAreReadAsBefore() {
		List<ContentBlock> blocks = this.mapper.readValue(this.plain.readTree(PROMPT).get("prompt").toString(),
				new TypeReference<List<ContentBlock>>() {
				});
		assertThat(blocks).extracting(ContentBlock::type).containsExactly("text", "_x.dev/thing", "text", "resource");
		assertThat(this.mapper.writeValueAsString(blocks)).isEqualTo(this.plain.writeValueAsString(blocks));
	}

	@Test
	void aUnionAtTheRootOfATreeIsReadFromIt() {
		ContentBlock block = this.mapper.treeToValue(this.plain.readTree("{\"type\":\"text\",\"text\":\"a\"}"),
				ContentBlock.class);
		assertThat(block).isEqualTo(ContentBlock.text("a"));
		assertThat(this.treesRead).hasValue(0);
	}

	/**
	 * Reads trees as Jackson does, counting them.
	 */
	static final class CountingTreeDeserializer extends ValueDeserializer<JsonNode> {

		private final AtomicInteger count;

		CountingTreeDeserializer(AtomicInteger count) {
			this.count = count;
		}

		@Override
		public JsonNode deserialize(JsonParser parser, DeserializationContext context) {
			this.count.incrementAndGet();
			return (JsonNode) JsonNodeDeserializer.getDeserializer(JsonNode.class).deserialize(parser, context);
		}

	}

}
