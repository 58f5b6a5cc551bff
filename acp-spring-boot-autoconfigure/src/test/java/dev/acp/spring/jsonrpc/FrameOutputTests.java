package dev.acp.spring.jsonrpc;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link FrameOutput}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class FrameOutputTests {

	@Test
	void aFrameWrittenAtOnceIsCopiedFromTheCallersBufferExactly() {
		byte[] buffer = "xx{\"a\":1}yy".getBytes(StandardCharsets.UTF_8);
		FrameOutput out = new FrameOutput();
		out.write(buffer, 2, 7);
		buffer[2] = 'z';
		assertThat(new String(out.toByteArray(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}");
	}

	@Test
	void aFrameWrittenInPartsKeepsThemInOrder() {
		FrameOutput out = new FrameOutput();
		out.write("{\"a\":".getBytes(StandardCharsets.UTF_8), 0, 5);
		out.write('1');
		byte[] rest = "[2,3]}".getBytes(StandardCharsets.UTF_8);
		out.write(rest, 0, rest.length);
		assertThat(new String(out.toByteArray(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":1[2,3]}");
	}

	@Test
	void nothingWrittenIsAnEmptyFrame() {
		assertThat(new FrameOutput().toByteArray()).isEmpty();
	}

	@Test
	void aFrameLargerThanTheGeneratorsBufferIsEncodedWhole() {
		JsonRpcCodec codec = new JsonRpcCodec(JsonMapper.builder().build());
		String text = "x".repeat(200_000);
		byte[] frame = codec.encodeNotification("_test/big", Map.of("text", text));
		assertThat(new String(frame, StandardCharsets.UTF_8))
			.isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"_test/big\",\"params\":{\"text\":\"" + text + "\"}}");
	}

}
