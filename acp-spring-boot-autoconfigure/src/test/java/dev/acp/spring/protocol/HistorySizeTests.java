package dev.acp.spring.protocol;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of {@link HistorySize}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class HistorySizeTests {

	@Test
	void textIsCountedInUtf8BytesPlusAConstant() {
		String text = "a".repeat(1000) + "é".repeat(1000) + "€".repeat(1000) + "😀".repeat(1000);
		long size = HistorySize.of(new SessionUpdate.AgentMessageChunk(ContentBlock.text(text), null, null));
		assertThat(HistorySize.utf8Length(text)).isEqualTo(text.getBytes(StandardCharsets.UTF_8).length);
		assertThat(size).isBetween(HistorySize.ENTRY + 10_000, HistorySize.ENTRY + 10_000 + 1024);
	}

	@Test
	void metaUnknownFieldsAndJsonTreesAreCounted() {
		String big = "y".repeat(100_000);
		SessionUpdate toolCall = new SessionUpdate.ToolCall("t1", "title", null, null, null, null, null,
				JsonNodeFactory.instance.objectNode().put("input", big), null, Map.of("m", big), Map.of("extra", big));
		assertThat(HistorySize.of(toolCall)).isGreaterThanOrEqualTo(300_000);
	}

}
