package dev.acp.spring.jsonrpc;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Builds frames from a fuzzer's data (structured messages, mutated messages and raw
 * bytes) and checks what a connection answers to them: at most one answer per request id,
 * answers only to ids that were sent in requests (or {@code id: null} for frames that
 * could not be read), none to notifications, and errors without Java internals.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class FuzzFrames {

	private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

	private static final String[] LEAK_MARKERS = { "Exception", "\tat ", "java.", "dev.acp.", "tools.jackson",
			"org.springframework", ".java:" };

	private final ObjectMapper mapper;

	private final JsonRpcCodec codec;

	private final FuzzedDataProvider data;

	private final List<String> methods;

	private final BiFunction<String, FuzzFrames, JsonNode> paramsTemplates;

	private final List<JsonNode> usedIds = new ArrayList<>();

	private final Map<String, Integer> allowance = new HashMap<>();

	private final StringBuilder input = new StringBuilder();

	private int calls;

	/**
	 * Create a generator.
	 * @param codec the codec the connection uses
	 * @param data the fuzzer's data
	 * @param methods the method names to favour
	 * @param paramsTemplates well-formed params for a method, or {@code null} for none
	 */
	public FuzzFrames(JsonRpcCodec codec, FuzzedDataProvider data, List<String> methods,
			BiFunction<String, FuzzFrames, JsonNode> paramsTemplates) {
		this.codec = codec;
		this.mapper = codec.mapper();
		this.data = data;
		this.methods = methods;
		this.paramsTemplates = paramsTemplates;
	}

	/**
	 * The fuzzer's data.
	 * @return the data
	 */
	public FuzzedDataProvider data() {
		return this.data;
	}

	/**
	 * Whether there is data left for another frame.
	 * @return whether more frames can be built
	 */
	public boolean hasMore() {
		return this.data.remainingBytes() > 0;
	}

	/**
	 * The next frame.
	 * @return the frame's bytes
	 */
	public byte[] next() {
		int kind = this.data.consumeInt(0, 15);
		byte[] frame;
		if (kind == 0) {
			frame = this.data.consumeBytes(this.data.consumeInt(0, 96));
		}
		else if (kind == 1) {
			frame = this.data.consumeString(96).getBytes(StandardCharsets.UTF_8);
		}
		else if (kind == 2) {
			frame = mutate(this.mapper.writeValueAsBytes(message()));
		}
		else {
			frame = this.mapper.writeValueAsBytes(message());
		}
		return frame;
	}

	private ObjectNode message() {
		ObjectNode message = NODES.objectNode();
		int version = this.data.consumeInt(0, 15);
		if (version > 1) {
			message.put("jsonrpc", "2.0");
		}
		else if (version == 1) {
			message.set("jsonrpc", anyValue(1));
		}
		int shape = this.data.consumeInt(0, 7);
		if (shape <= 4) {
			// a request (or a notification when the id is left out)
			if (this.data.consumeInt(0, 3) != 0) {
				message.set("id", id());
			}
			String method = method();
			if (this.data.consumeInt(0, 15) == 0) {
				message.set("method", anyValue(1));
			}
			else {
				message.put("method", method);
			}
			int params = this.data.consumeInt(0, 7);
			if (params >= 3) {
				message.set("params", params(method));
			}
			else if (params == 2) {
				message.set("params", anyValue(3));
			}
			else if (params == 1) {
				message.set("params", scalar());
			}
		}
		else if (shape == 5) {
			message.set("id", id());
			if (this.data.consumeBoolean()) {
				message.set("result", anyValue(2));
			}
			if (this.data.consumeBoolean()) {
				ObjectNode error = NODES.objectNode();
				error.set("code", this.data.consumeBoolean() ? NODES.numberNode(this.data.consumeInt()) : scalar());
				error.set("message", this.data.consumeBoolean() ? NODES.stringNode(string()) : scalar());
				if (this.data.consumeBoolean()) {
					error.set("data", anyValue(2));
				}
				message.set("error", error);
			}
		}
		else if (shape == 6) {
			message.put("method", JsonRpcConnection.CANCEL_REQUEST_METHOD);
			ObjectNode params = NODES.objectNode();
			params.set("requestId", this.data.consumeBoolean() ? reusedId() : anyValue(1));
			message.set("params", this.data.consumeInt(0, 7) != 0 ? params : anyValue(2));
		}
		else {
			int fields = this.data.consumeInt(0, 4);
			for (int i = 0; i < fields; i++) {
				message.set(pick("id", "method", "params", "result", "error", "jsonrpc", string()), anyValue(2));
			}
		}
		return message;
	}

	private String method() {
		int choice = this.data.consumeInt(0, this.methods.size() + 1);
		if (choice < this.methods.size()) {
			return this.methods.get(choice);
		}
		return (choice == this.methods.size()) ? JsonRpcConnection.CANCEL_REQUEST_METHOD : string();
	}

	private JsonNode params(String method) {
		if (this.paramsTemplates != null) {
			JsonNode template = this.paramsTemplates.apply(method, this);
			if (template != null) {
				return template;
			}
		}
		return anyValue(3);
	}

	/**
	 * An id of any JSON type, sometimes one used before.
	 * @return the id
	 */
	public JsonNode id() {
		if (!this.usedIds.isEmpty() && this.data.consumeInt(0, 3) == 0) {
			return reusedId();
		}
		JsonNode id = switch (this.data.consumeInt(0, 9)) {
			case 0 -> NODES.nullNode();
			case 1 -> NODES.numberNode(this.data.consumeLong());
			case 2 -> NODES.numberNode(new BigInteger(1, this.data.consumeBytes(12)));
			case 3 ->
				NODES.numberNode(new BigDecimal(this.data.consumeInt()).movePointLeft(this.data.consumeInt(0, 4)));
			case 4, 5 -> NODES.stringNode(string());
			case 6 -> anyValue(1);
			default -> NODES.numberNode(this.data.consumeInt(0, 8));
		};
		this.usedIds.add(id);
		return id;
	}

	private JsonNode reusedId() {
		return this.usedIds.isEmpty() ? NODES.numberNode(0)
				: this.usedIds.get(this.data.consumeInt(0, this.usedIds.size() - 1));
	}

	/**
	 * A short string, sometimes with odd characters.
	 * @return the string
	 */
	public String string() {
		return this.data.consumeBoolean() ? this.data.consumeAsciiString(12) : this.data.consumeString(12);
	}

	/**
	 * A scalar JSON value.
	 * @return the value
	 */
	public JsonNode scalar() {
		return switch (this.data.consumeInt(0, 5)) {
			case 0 -> NODES.nullNode();
			case 1 -> NODES.booleanNode(this.data.consumeBoolean());
			case 2 -> NODES.numberNode(this.data.consumeInt());
			case 3 -> NODES.numberNode(this.data.consumeDouble());
			default -> NODES.stringNode(string());
		};
	}

	/**
	 * Any JSON value, nested up to a depth.
	 * @param depth the depth
	 * @return the value
	 */
	public JsonNode anyValue(int depth) {
		int choice = this.data.consumeInt(0, (depth > 0) ? 7 : 5);
		if (choice == 6) {
			ArrayNode array = NODES.arrayNode();
			int size = this.data.consumeInt(0, 3);
			for (int i = 0; i < size; i++) {
				array.add(anyValue(depth - 1));
			}
			return array;
		}
		if (choice == 7) {
			ObjectNode object = NODES.objectNode();
			int size = this.data.consumeInt(0, 3);
			for (int i = 0; i < size; i++) {
				object.set(pick("sessionId", "_meta", "requestId", string()), anyValue(depth - 1));
			}
			return object;
		}
		return scalar();
	}

	/**
	 * One of some values, chosen by the fuzzer.
	 * @param values the values
	 * @return the chosen one
	 */
	public String pick(String... values) {
		return values[this.data.consumeInt(0, values.length - 1)];
	}

	private byte[] mutate(byte[] frame) {
		byte[] copy = frame.clone();
		int mutations = this.data.consumeInt(1, 3);
		for (int i = 0; i < mutations && copy.length > 0; i++) {
			int at = this.data.consumeInt(0, copy.length - 1);
			switch (this.data.consumeInt(0, 2)) {
				case 0 -> copy[at] = this.data.consumeByte();
				case 1 -> copy = java.util.Arrays.copyOf(copy, at);
				default -> {
					byte[] longer = new byte[copy.length + 1];
					System.arraycopy(copy, 0, longer, 0, at);
					longer[at] = this.data.consumeByte();
					System.arraycopy(copy, at, longer, at + 1, copy.length - at);
					copy = longer;
				}
			}
		}
		return copy;
	}

	/**
	 * Feed one frame to a connection and check what it answered.
	 * @param connection the connection
	 * @param sent everything the connection has written so far (appended to by the sink)
	 * @param frame the frame
	 * @param synchronous whether every request is answered before {@code receive} returns
	 * when no request is in flight, except those of methods that never complete
	 * @param pendingMethods methods whose requests stay in flight
	 */
	public void feed(JsonRpcConnection connection, List<byte[]> sent, byte[] frame, boolean synchronous,
			List<String> pendingMethods) {
		this.input.append(new String(frame, StandardCharsets.UTF_8)).append('\n');
		JsonRpcMessage message = null;
		JsonRpcDecodeException failure = null;
		try {
			message = this.codec.decode(frame, 0, frame.length);
		}
		catch (JsonRpcDecodeException ex) {
			failure = ex;
		}
		if (message instanceof JsonRpcRequest request) {
			allow(request.id());
		}
		else if (failure != null && !failure.isNotification()) {
			allow(failure.getId());
		}
		boolean idle = connection.inFlightRequests() == 0 && connection.orderedRequests() == 0;
		int before = sent.size();
		connection.receive(frame, 0, frame.length);
		List<JsonNode> answers = answers(sent.subList(before, sent.size()));
		for (JsonNode answer : answers) {
			checkAnswer(answer);
			String key = key(answer.get("id"));
			int left = this.allowance.getOrDefault(key, 0) - 1;
			assertThat(left).as("an answer to id %s that was not asked (or asked fewer times)", key).isNotNegative();
			this.allowance.put(key, left);
		}
		if (message instanceof JsonRpcNotification notification) {
			if (JsonRpcConnection.CANCEL_REQUEST_METHOD.equals(notification.method())) {
				// the cancelled request, then those of its order key waiting behind it
				assertThat(answers.stream()
					.filter((answer) -> answer.at("/error/code").asInt() == JsonRpcError.REQUEST_CANCELLED))
					.as("cancellation answers to one cancellation")
					.hasSizeLessThanOrEqualTo(1);
			}
			else if (synchronous) {
				assertThat(answers).as("answers to a notification").isEmpty();
			}
		}
		else if (message instanceof JsonRpcResponse && synchronous) {
			assertThat(answers).as("answers to a response").isEmpty();
		}
		else if (failure != null) {
			assertThat(answers).as("answers to an unreadable frame").hasSize(failure.isNotification() ? 0 : 1);
		}
		else if (message instanceof JsonRpcRequest request && synchronous && idle
				&& !pendingMethods.contains(request.method())) {
			assertThat(answers).as("answers to a request").hasSize(1);
		}
	}

	/**
	 * Send a well-formed request and check that it is answered with a result.
	 * @param connection the connection
	 * @param sent everything the connection has written so far
	 * @param method the method
	 * @param params the params as JSON
	 * @return the result
	 */
	public JsonNode call(JsonRpcConnection connection, List<byte[]> sent, String method, String params) {
		String id = "\"liveness-" + (this.calls++) + "\"";
		byte[] frame = ("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params
				+ "}")
			.getBytes(StandardCharsets.UTF_8);
		int before = sent.size();
		connection.receive(frame, 0, frame.length);
		JsonNode idNode = this.mapper.readTree(id);
		List<JsonNode> answers = answers(sent.subList(before, sent.size())).stream()
			.filter((answer) -> idNode.equals(answer.get("id")))
			.toList();
		assertThat(answers).as("answers to the request sent after the fuzz input").hasSize(1);
		checkAnswer(answers.get(0));
		assertThat(answers.get(0).has("result")).as(answers.get(0).toString()).isTrue();
		return answers.get(0).get("result");
	}

	private List<JsonNode> answers(List<byte[]> frames) {
		List<JsonNode> answers = new ArrayList<>();
		for (byte[] frame : List.copyOf(frames)) {
			String text = new String(frame, StandardCharsets.UTF_8);
			assertThat(text).as("a frame written").doesNotContain("\n");
			JsonNode node = this.mapper.readTree(frame);
			assertThat(node.isObject()).as(text).isTrue();
			assertThat(node.path("jsonrpc").asString()).as(text).isEqualTo("2.0");
			if (!node.has("method")) {
				answers.add(node);
			}
		}
		return answers;
	}

	private void checkAnswer(JsonNode answer) {
		String text = answer.toString();
		assertThat(answer.has("id")).as(text).isTrue();
		assertThat(answer.has("result") != answer.has("error")).as(text).isTrue();
		JsonNode error = answer.get("error");
		if (error == null) {
			return;
		}
		assertThat(error.get("code")).as(text).isNotNull();
		assertThat(error.get("code").canConvertToInt()).as(text).isTrue();
		assertThat(error.path("message").isString()).as(text).isTrue();
		JsonNode data = error.get("data");
		if (data != null && !data.isString()) {
			assertThat(error.get("code").intValue()).as(text).isEqualTo(JsonRpcError.INVALID_PARAMS);
			assertThat(data.isObject()).as(text).isTrue();
			assertThat(data.has("errors") ? data.get("errors").isArray() : data.path("requiredExtensions").isArray())
				.as(text)
				.isTrue();
		}
		String errorText = error.toString();
		for (String marker : LEAK_MARKERS) {
			if (errorText.contains(marker)) {
				assertThat(this.input.toString()).as("%s leaks %s", text, marker).contains(marker);
			}
		}
	}

	private String key(JsonNode id) {
		return (id != null) ? this.mapper.writeValueAsString(id) : "null";
	}

	private void allow(JsonNode id) {
		this.allowance.merge(key(id), 1, Integer::sum);
	}

}
