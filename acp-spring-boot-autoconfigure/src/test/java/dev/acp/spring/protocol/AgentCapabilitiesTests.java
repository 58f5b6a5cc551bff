package dev.acp.spring.protocol;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link AgentCapabilities}.
 */
class AgentCapabilitiesTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private JsonNode tree(String json) {
		return this.mapper.readTree(json);
	}

	private JsonNode writeTree(Object value) {
		return tree(this.mapper.writeValueAsString(value));
	}

	@Test
	void metaKeepsInsertionOrder() {
		AgentCapabilities.Builder builder = new AgentCapabilities.Builder();
		List<String> keys = List.of("zed.dev", "example.com/analytics", "acme", "demo.acp", "b", "a");
		keys.forEach((key) -> builder.meta().put(key, Map.of("version", "1.0")));
		AgentCapabilities capabilities = builder.build();
		assertThat(capabilities.meta().keySet()).containsExactlyElementsOf(keys);
		JsonNode written = writeTree(capabilities);
		List<String> writtenKeys = new ArrayList<>(written.get("_meta").propertyNames());
		assertThat(writtenKeys).containsExactlyElementsOf(keys);
	}

	@Test
	void nullFieldsAndEmptyMetaAreOmitted() {
		assertThat(this.mapper.writeValueAsString(new AgentCapabilities.Builder().build())).isEqualTo("{}");
		assertThat(writeTree(new AgentCapabilities.Builder().loadSession(true).build()))
			.isEqualTo(tree("{\"loadSession\":true}"));
		assertThat(writeTree(
				new AgentCapabilities.Builder().promptCapabilities(new PromptCapabilities(true, null, null, null))
					.mcpCapabilities(new McpCapabilities(null, null, null))
					.build()))
			.isEqualTo(tree("{\"promptCapabilities\":{\"image\":true},\"mcpCapabilities\":{}}"));
	}

	@Test
	void everyFieldIsWrittenUnderItsWireName() {
		AgentCapabilities.Builder builder = new AgentCapabilities.Builder().loadSession(false)
			.promptCapabilities(new PromptCapabilities(true, false, true, null))
			.mcpCapabilities(new McpCapabilities(true, false, null))
			.sessionCapabilities(new SessionCapabilities(new SessionListCapabilities(), null, null, null, null, null));
		builder.meta().put("example.com/analytics", Map.of("version", "1.0"));
		assertThat(writeTree(builder.build())).isEqualTo(tree(
				"{\"loadSession\":false,\"promptCapabilities\":{\"image\":true,\"audio\":false,\"embeddedContext\":true},"
						+ "\"mcpCapabilities\":{\"http\":true,\"sse\":false},\"sessionCapabilities\":{\"list\":{}},"
						+ "\"_meta\":{\"example.com/analytics\":{\"version\":\"1.0\"}}}"));
	}

	@Test
	void theBuiltMetaIsAnUnmodifiableSnapshot() {
		AgentCapabilities.Builder builder = new AgentCapabilities.Builder();
		builder.meta().put("a", 1);
		AgentCapabilities capabilities = builder.build();
		builder.meta().put("b", 2);
		assertThat(capabilities.meta()).containsOnlyKeys("a");
		assertThatExceptionOfType(UnsupportedOperationException.class)
			.isThrownBy(() -> capabilities.meta().put("c", 3));
	}

	@Test
	void toBuilderKeepsEverythingAndTheMetaOrder() {
		AgentCapabilities.Builder builder = new AgentCapabilities.Builder().loadSession(true)
			.promptCapabilities(new PromptCapabilities(null, true, null, null));
		builder.meta().put("z", "1");
		builder.meta().put("a", "2");
		AgentCapabilities original = builder.build();
		AgentCapabilities.Builder copy = original.toBuilder();
		copy.meta().put("m", "3");
		AgentCapabilities changed = copy.build();
		assertThat(changed.loadSession()).isTrue();
		assertThat(changed.promptCapabilities()).isEqualTo(original.promptCapabilities());
		assertThat(changed.meta().keySet()).containsExactly("z", "a", "m");
		assertThat(original.meta().keySet()).containsExactly("z", "a");
		assertThat(new AgentCapabilities.Builder().build().toBuilder().build().meta()).isNull();
	}

}
