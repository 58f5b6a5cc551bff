package dev.acp.spring.jsonrpc;

import java.nio.charset.StandardCharsets;
import java.util.Set;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.acp.spring.protocol.AcpJsonMapper;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Coverage-guided fuzzing of {@link JsonRpcCodec#decode(byte[], int, int)} with raw
 * bytes: it returns a message or throws {@link JsonRpcDecodeException} with an error that
 * can be answered, and what it returns can be answered in one line. Runs the stored
 * inputs as a regression test; fuzzes with {@code JAZZER_FUZZ=1}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class JsonRpcCodecFuzzTests {

	private static final Set<Integer> DECODE_CODES = Set.of(JsonRpcError.PARSE_ERROR, JsonRpcError.INVALID_REQUEST);

	private static final JsonMapper mapper = AcpJsonMapper.create();

	private static final JsonRpcCodec codec = new JsonRpcCodec(mapper);

	@FuzzTest(maxDuration = "30s")
	void decodeRawBytes(byte[] frame) {
		JsonRpcMessage message;
		try {
			message = decodeInside(frame);
		}
		catch (JsonRpcDecodeException ex) {
			JsonRpcError error = ex.getError();
			assertThat(DECODE_CODES).contains(error.code());
			assertThat(error.data()).isInstanceOf(String.class);
			JsonNode id = ex.getId();
			if (id != null) {
				assertThat(id.isString() || id.isNumber() || id.isNull()).as(id.toString()).isTrue();
				assertThat(ex.isNotification()).isFalse();
			}
			check(codec.encodeError(id, error), id);
			return;
		}
		assertThat(message).isNotNull();
		if (message instanceof JsonRpcRequest request) {
			assertThat(request.method()).isNotNull();
			assertThat(request.params() == null || request.params().isContainer()).isTrue();
			check(codec.encodeResult(request.id(), (request.params() != null) ? request.params() : "none"),
					request.id());
			check(codec.encodeError(request.id(), JsonRpcError.methodNotFound(request.method())), request.id());
		}
		else if (message instanceof JsonRpcNotification notification) {
			assertThat(notification.method()).isNotNull();
			assertThat(notification.params() == null || notification.params().isContainer()).isTrue();
			codec.encodeNotification(notification.method(), notification.params());
		}
		else {
			JsonRpcResponse response = (JsonRpcResponse) message;
			assertThat(response.id()).isNotNull();
			assertThat((response.result() == null) != (response.error() == null)).isTrue();
		}
	}

	/**
	 * Decode the frame from the middle of a larger buffer, which must give what decoding
	 * it alone gives.
	 */
	private static JsonRpcMessage decodeInside(byte[] frame) {
		byte[] buffer = new byte[frame.length + 8];
		buffer[0] = '{';
		buffer[1] = '[';
		buffer[2] = '"';
		System.arraycopy(frame, 0, buffer, 3, frame.length);
		buffer[frame.length + 3] = '"';
		buffer[frame.length + 4] = ']';
		JsonRpcMessage alone;
		try {
			alone = codec.decode(frame, 0, frame.length);
		}
		catch (JsonRpcDecodeException ex) {
			try {
				codec.decode(buffer, 3, frame.length);
			}
			catch (JsonRpcDecodeException inside) {
				assertThat(inside.getError()).isEqualTo(ex.getError());
				assertThat(inside.getId()).isEqualTo(ex.getId());
				throw ex;
			}
			throw new AssertionError("decoded inside a buffer but not alone");
		}
		assertThat(codec.decode(buffer, 3, frame.length)).isEqualTo(alone);
		return alone;
	}

	private static void check(byte[] answer, JsonNode id) {
		String text = new String(answer, StandardCharsets.UTF_8);
		assertThat(text).doesNotContain("\n");
		JsonNode node = mapper.readTree(answer);
		assertThat(node.get("id")).as(text).isEqualTo((id != null) ? id : mapper.nullNode());
	}

}
