package dev.acp.spring.jsonrpc;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import dev.acp.spring.protocol.AcpJsonMapper;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.NullNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for {@link JsonRpcCodec}.
 */
class JsonRpcCodecTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final JsonRpcCodec codec = new JsonRpcCodec(this.mapper);

	private JsonRpcMessage decode(String json) {
		byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
		return this.codec.decode(bytes, 0, bytes.length);
	}

	private JsonRpcDecodeException decodeFailure(String json) {
		return assertThatExceptionOfType(JsonRpcDecodeException.class).isThrownBy(() -> decode(json)).actual();
	}

	private JsonNode tree(String json) {
		return this.mapper.readTree(json);
	}

	private JsonNode tree(byte[] frame) {
		return this.mapper.readTree(frame);
	}

	@ParameterizedTest
	@ValueSource(strings = { "not json", "{\"jsonrpc\":\"2.0\",",
			"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"x\"} trailing", "\u00ff\u00fe" })
	void textThatIsNotJsonIsAParseErrorWithNullId(String frame) {
		JsonRpcDecodeException ex = decodeFailure(frame);
		assertThat(ex.getError().code()).isEqualTo(JsonRpcError.PARSE_ERROR);
		assertThat(ex.getId()).isNull();
	}

	@Test
	void decodeHonoursOffsetAndLength() {
		byte[] buffer = "garbage{\"jsonrpc\":\"2.0\",\"method\":\"ping\"}garbage".getBytes(StandardCharsets.UTF_8);
		JsonRpcMessage message = this.codec.decode(buffer, 7, buffer.length - 14);
		assertThat(message).isEqualTo(new JsonRpcNotification("ping", null));
	}

	@Test
	void aBatchIsAnInvalidRequestWithNullId() {
		JsonRpcDecodeException ex = decodeFailure("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\"}]");
		assertThat(ex.getError().code()).isEqualTo(JsonRpcError.INVALID_REQUEST);
		assertThat(ex.getError().message()).isEqualTo("Invalid Request");
		assertThat(ex.getId()).isNull();
	}

	@ParameterizedTest
	@ValueSource(strings = { "42", "\"text\"", "null", "true" })
	void aJsonValueThatIsNotAnObjectIsAnInvalidRequest(String frame) {
		JsonRpcDecodeException ex = decodeFailure(frame);
		assertThat(ex.getError().code()).isEqualTo(JsonRpcError.INVALID_REQUEST);
		assertThat(ex.getId()).isNull();
	}

	@Test
	void missingJsonrpcVersionIsAnInvalidRequestEchoingTheId() {
		JsonRpcDecodeException ex = decodeFailure("{\"id\":7,\"method\":\"a\"}");
		assertThat(ex.getError().code()).isEqualTo(JsonRpcError.INVALID_REQUEST);
		assertThat(ex.getId()).isEqualTo(tree("7"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "\"1.0\"", "2.0", "2", "null", "{}" })
	void wrongJsonrpcVersionIsAnInvalidRequestEchoingTheId(String version) {
		JsonRpcDecodeException ex = decodeFailure("{\"jsonrpc\":" + version + ",\"id\":\"abc\",\"method\":\"a\"}");
		assertThat(ex.getError().code()).isEqualTo(JsonRpcError.INVALID_REQUEST);
		assertThat(ex.getId()).isEqualTo(tree("\"abc\""));
	}

	@ParameterizedTest
	@ValueSource(strings = { "5", "null", "{}", "[\"a\"]", "true" })
	void aMethodThatIsNotAStringIsAnInvalidRequestEchoingTheId(String method) {
		JsonRpcDecodeException ex = decodeFailure("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":" + method + "}");
		assertThat(ex.getError().code()).isEqualTo(JsonRpcError.INVALID_REQUEST);
		assertThat(ex.getId()).isEqualTo(tree("3"));
	}

	@ParameterizedTest
	@ValueSource(strings = { "{}", "{\"a\":1}", "[1]", "true", "false" })
	void anIdThatIsNotAStringNumberOrNullIsAnInvalidRequestWithNullId(String id) {
		JsonRpcDecodeException ex = decodeFailure("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"a\"}");
		assertThat(ex.getError().code()).isEqualTo(JsonRpcError.INVALID_REQUEST);
		assertThat(ex.getId()).isNull();
	}

	@ParameterizedTest
	@ValueSource(strings = { "1", "\"text\"", "true", "1.5" })
	void scalarParamsAreAnInvalidRequestEchoingTheId(String params) {
		JsonRpcDecodeException ex = decodeFailure(
				"{\"jsonrpc\":\"2.0\",\"id\":\"r1\",\"method\":\"a\",\"params\":" + params + "}");
		assertThat(ex.getError().code()).isEqualTo(JsonRpcError.INVALID_REQUEST);
		assertThat(ex.getId()).isEqualTo(tree("\"r1\""));
	}

	@ParameterizedTest
	@ValueSource(strings = { "1", "null", "\"text\"" })
	void scalarOrNullParamsOfANotificationAreRecognisedAsANotificationNeverToAnswer(String params) {
		JsonRpcDecodeException ex = decodeFailure("{\"jsonrpc\":\"2.0\",\"method\":\"a\",\"params\":" + params + "}");
		assertThat(ex.isNotification()).isTrue();
		assertThat(ex.getId()).isNull();
	}

	@Test
	void aMessageWithNeitherMethodNorIdIsAnInvalidRequest() {
		JsonRpcDecodeException ex = decodeFailure("{\"jsonrpc\":\"2.0\",\"result\":{}}");
		assertThat(ex.getError().code()).isEqualTo(JsonRpcError.INVALID_REQUEST);
		assertThat(ex.getId()).isNull();
	}

	@Test
	void requestIsDecodedWithItsIdMethodAndParams() {
		JsonRpcMessage message = decode(
				"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"session/new\",\"params\":{\"cwd\":\"/tmp\",\"mcpServers\":[]}}");
		assertThat(message).isInstanceOf(JsonRpcRequest.class);
		JsonRpcRequest request = (JsonRpcRequest) message;
		assertThat(request.id()).isEqualTo(tree("0"));
		assertThat(request.id().isNumber()).isTrue();
		assertThat(request.method()).isEqualTo("session/new");
		assertThat(request.params()).isEqualTo(tree("{\"cwd\":\"/tmp\",\"mcpServers\":[]}"));
	}

	@Test
	void arrayParamsAreAccepted() {
		JsonRpcRequest request = (JsonRpcRequest) decode(
				"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\",\"params\":[1,2]}");
		assertThat(request.params()).isEqualTo(tree("[1,2]"));
	}

	@Test
	void absentParamsDecodeAsNull() {
		JsonRpcRequest request = (JsonRpcRequest) decode("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\"}");
		assertThat(request.params()).isNull();
		JsonRpcNotification notification = (JsonRpcNotification) decode("{\"jsonrpc\":\"2.0\",\"method\":\"n\"}");
		assertThat(notification).isEqualTo(new JsonRpcNotification("n", null));
	}

	@Test
	void nullParamsOfARequestAreAnInvalidRequestEchoingTheId() {
		JsonRpcDecodeException ex = decodeFailure("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\",\"params\":null}");
		assertThat(ex.getError().code()).isEqualTo(JsonRpcError.INVALID_REQUEST);
		assertThat(ex.getId()).isEqualTo(tree("1"));
		assertThat(ex.isNotification()).isFalse();
	}

	@Test
	void aMessageWithMethodAndNoIdIsANotification() {
		JsonRpcMessage message = decode(
				"{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\",\"params\":{\"sessionId\":\"s\"}}");
		assertThat(message).isEqualTo(new JsonRpcNotification("session/cancel", tree("{\"sessionId\":\"s\"}")));
	}

	@Test
	void aRequestWithNullIdIsStillARequest() {
		JsonRpcMessage message = decode("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"a\"}");
		assertThat(message).isInstanceOf(JsonRpcRequest.class);
		assertThat(((JsonRpcRequest) message).id().isNull()).isTrue();
	}

	@Test
	void successfulResponseIsDecoded() {
		JsonRpcMessage message = decode("{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{\"ok\":true}}");
		assertThat(message).isEqualTo(new JsonRpcResponse(tree("4"), tree("{\"ok\":true}"), null));
	}

	@Test
	void responseWithNullResultIsASuccessfulResponse() {
		JsonRpcResponse response = (JsonRpcResponse) decode("{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":null}");
		assertThat(response.error()).isNull();
		assertThat(response.result()).isEqualTo(NullNode.getInstance());
	}

	@Test
	void errorResponseIsDecodedWithCodeMessageAndData() {
		JsonRpcResponse response = (JsonRpcResponse) decode(
				"{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"error\":{\"code\":-32601,\"message\":\"Method not found\",\"data\":{\"m\":\"a\"}}}");
		assertThat(response.id()).isEqualTo(tree("\"x\""));
		assertThat(response.result()).isNull();
		assertThat(response.error().code()).isEqualTo(-32601);
		assertThat(response.error().message()).isEqualTo("Method not found");
		assertThat(response.error().data()).isEqualTo(tree("{\"m\":\"a\"}"));
	}

	@Test
	void errorResponseWithNullIdIsDecoded() {
		JsonRpcResponse response = (JsonRpcResponse) decode(
				"{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\"}}");
		assertThat(response.id().isNull()).isTrue();
		assertThat(response.error().code()).isEqualTo(-32700);
		assertThat(response.error().data()).isNull();
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{},\"error\":{\"code\":1,\"message\":\"m\"}}",
			"{\"jsonrpc\":\"2.0\",\"id\":9}", "{\"id\":9,\"result\":{}}",
			"{\"jsonrpc\":\"1.0\",\"id\":9,\"error\":{\"code\":1,\"message\":\"m\"}}" })
	void aMalformedResponseIsAnInvalidRequest(String frame) {
		JsonRpcDecodeException ex = decodeFailure(frame);
		assertThat(ex.getError().code()).isEqualTo(JsonRpcError.INVALID_REQUEST);
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{},\"error\":{\"code\":1,\"message\":\"m\"}}",
			"{\"jsonrpc\":\"2.0\",\"id\":9}", "{\"id\":9,\"result\":{}}",
			"{\"jsonrpc\":\"1.0\",\"id\":9,\"error\":{\"code\":1,\"message\":\"m\"}}" })
	void aMalformedResponseIsAnsweredWithNullIdBecauseItsIdBelongsToThisSidesRequests(String frame) {
		JsonRpcDecodeException ex = decodeFailure(frame);
		assertThat(ex.getError().code()).isEqualTo(JsonRpcError.INVALID_REQUEST);
		assertThat(ex.getId()).isNull();
	}

	@Test
	void anInvalidIdAndAMissingVersionAnswerWithNullId() {
		JsonRpcDecodeException ex = decodeFailure("{\"id\":{\"x\":1},\"method\":\"a\"}");
		assertThat(ex.getError().code()).isEqualTo(JsonRpcError.INVALID_REQUEST);
		assertThat(ex.getId()).isNull();
	}

	@Test
	void aDeeplyNestedFrameIsAParseErrorNotAStackOverflow() {
		String deep = "[".repeat(100_000) + "]".repeat(100_000);
		JsonRpcDecodeException ex = decodeFailure(
				"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":" + deep + "}");
		assertThat(ex.getError().code()).isEqualTo(JsonRpcError.PARSE_ERROR);
		assertThat(ex.getId()).isNull();
	}

	@Test
	void aFrameWithAStringLargerThanTwentyMegabytesIsDecoded() {
		String text = "x".repeat(25 * 1024 * 1024);
		JsonRpcRequest request = (JsonRpcRequest) decode(
				"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/prompt\",\"params\":{\"text\":\"" + text + "\"}}");
		assertThat(request.params().get("text").stringValue()).hasSize(text.length());
	}

	@ParameterizedTest
	@ValueSource(strings = { "0", "-1", "\"\"", "\"0\"", "\"a b\\n\\\"c\\\"\"", "null", "9007199254740993",
			"12345678901234567890123456789", "-98765432109876543210", "1.5", "2.50" })
	void idsAreEchoedExactlyByResultAndError(String id) {
		JsonRpcRequest request = (JsonRpcRequest) decode("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"m\"}");
		String result = new String(this.codec.encodeResult(request.id(), Map.of()), StandardCharsets.UTF_8);
		String error = new String(this.codec.encodeError(request.id(), JsonRpcError.internalError()),
				StandardCharsets.UTF_8);
		assertThat(result).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"result\":{}}");
		assertThat(error).isEqualTo(
				"{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"error\":{\"code\":-32603,\"message\":\"Internal error\"}}");
	}

	@Test
	void encodeErrorWithoutIdWritesNullId() {
		JsonNode frame = tree(this.codec.encodeError(null, JsonRpcError.parseError("Invalid JSON")));
		assertThat(frame).isEqualTo(tree(
				"{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\",\"data\":\"Invalid JSON\"}}"));
		assertThat(frame.has("result")).isFalse();
	}

	@Test
	void encodeErrorWritesStructuredData() {
		Map<String, Object> data = new LinkedHashMap<>();
		data.put("fields", List.of("sessionId", "prompt"));
		JsonNode frame = tree(this.codec.encodeError(tree("1"), new JsonRpcError(-32602, "Invalid params", data)));
		assertThat(frame).isEqualTo(tree(
				"{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":-32602,\"message\":\"Invalid params\",\"data\":{\"fields\":[\"sessionId\",\"prompt\"]}}}"));
	}

	@Test
	void encodeResultWritesAnyJacksonValue() {
		record Result(String name, int count) {
		}
		JsonNode frame = tree(this.codec.encodeResult(tree("\"a\""), new Result("n", 2)));
		assertThat(frame).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":\"a\",\"result\":{\"name\":\"n\",\"count\":2}}"));
	}

	@Test
	void encodeRequestWritesIdMethodAndParams() {
		String frame = new String(this.codec.encodeRequest(0, "fs/read_text_file", Map.of("path", "/a")),
				StandardCharsets.UTF_8);
		assertThat(frame)
			.isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"fs/read_text_file\",\"params\":{\"path\":\"/a\"}}");
	}

	@Test
	void encodeRequestWithoutParamsOmitsParams() {
		JsonNode frame = tree(this.codec.encodeRequest(Long.MAX_VALUE, "_x/y", null));
		assertThat(frame).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":9223372036854775807,\"method\":\"_x/y\"}"));
	}

	@Test
	void encodeNotificationHasNoId() {
		String frame = new String(this.codec.encodeNotification("session/update", Map.of("sessionId", "s")),
				StandardCharsets.UTF_8);
		assertThat(frame)
			.isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"params\":{\"sessionId\":\"s\"}}");
		JsonNode bare = tree(this.codec.encodeNotification("n", null));
		assertThat(bare).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"method\":\"n\"}"));
	}

	@Test
	void encodedFramesDecodeBackToTheSameMessage() {
		JsonNode params = tree("{\"a\":[1,2.25,{\"b\":null}],\"c\":\"d\"}");
		JsonRpcMessage request = this.codec.decode(tree(this.codec.encodeRequest(5, "m", params)));
		assertThat(request).isEqualTo(new JsonRpcRequest(tree("5"), "m", params));
		JsonRpcMessage notification = this.codec.decode(tree(this.codec.encodeNotification("n", params)));
		assertThat(notification).isEqualTo(new JsonRpcNotification("n", params));
		JsonRpcMessage response = this.codec.decode(tree(this.codec.encodeResult(tree("5"), params)));
		assertThat(response).isEqualTo(new JsonRpcResponse(tree("5"), params, null));
	}

	@Test
	void encodedFramesNeverContainARawNewline() {
		String nasty = "line1\nline2\r\nline3\u2028\u0000\t";
		Map<String, Object> value = new LinkedHashMap<>();
		value.put("text\nkey", nasty);
		value.put("list", List.of(nasty, Map.of("nested", nasty)));
		JsonNode id = tree("\"id\\nwith newline\"");
		List<byte[]> frames = List.of(this.codec.encodeResult(id, value),
				this.codec.encodeError(id, new JsonRpcError(-1, nasty, value)),
				this.codec.encodeRequest(1, "m\nn", value), this.codec.encodeNotification("m\nn", value));
		for (byte[] frame : frames) {
			for (byte b : frame) {
				assertThat(b).isNotEqualTo((byte) '\n').isNotEqualTo((byte) '\r');
			}
			JsonNode node = tree(frame);
			JsonNode payload = node.has("result") ? node.get("result")
					: node.has("params") ? node.get("params") : node.get("error").get("data");
			assertThat(payload.get("text\nkey").stringValue()).isEqualTo(nasty);
			assertThat(payload.get("list").get(1).get("nested").stringValue()).isEqualTo(nasty);
		}
		assertThat(tree(frames.get(0)).get("id").stringValue()).isEqualTo("id\nwith newline");
		assertThat(tree(frames.get(1)).get("error").get("message").stringValue()).isEqualTo(nasty);
	}

}
