package dev.acp.spring.jsonrpc;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.JsonNodeType;
import tools.jackson.databind.node.NullNode;

/**
 * Turns one frame into one {@link JsonRpcMessage} (or a precise error) and messages into
 * compact, single-line frames. The mapper must not indent its output.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class JsonRpcCodec {

	private static final String VERSION = "2.0";

	private final ObjectMapper mapper;

	public JsonRpcCodec(ObjectMapper mapper) {
		this.mapper = mapper;
	}

	/**
	 * The mapper used to read and write messages.
	 * @return the mapper
	 */
	public ObjectMapper mapper() {
		return this.mapper;
	}

	/**
	 * Decode one frame.
	 * @param frame the buffer holding the frame
	 * @param offset the offset of the frame
	 * @param length the length of the frame
	 * @return the message
	 * @throws JsonRpcDecodeException with the error to answer when the frame is not a
	 * valid message
	 */
	public JsonRpcMessage decode(byte[] frame, int offset, int length) {
		JsonNode node;
		try {
			node = this.mapper.readTree(frame, offset, length);
		}
		catch (JacksonException | IllegalArgumentException ex) {
			// a number beyond the parser's limits fails with NumberFormatException
			throw new JsonRpcDecodeException(JsonRpcError.parseError("Invalid JSON"), null);
		}
		return decode(node);
	}

	/**
	 * Decode one parsed frame.
	 * @param node the parsed JSON
	 * @return the message
	 * @throws JsonRpcDecodeException with the error to answer when the JSON is not a
	 * valid message
	 */
	public JsonRpcMessage decode(@Nullable JsonNode node) {
		if (node == null || node.isMissingNode()) {
			throw new JsonRpcDecodeException(JsonRpcError.parseError("Empty message"), null);
		}
		if (node.isArray()) {
			throw invalid("Batches are not supported", null);
		}
		if (!node.isObject()) {
			throw invalid("A message must be a JSON object", null);
		}
		JsonNode id = node.get("id");
		boolean validId = id != null && isValidId(id);
		// Only a request's id is echoed: a response's id is one of this side's own ids,
		// and
		// echoing it could answer a request of the peer that has the same id.
		JsonNode readableId = (validId && node.has("method")) ? id : null;
		JsonNode version = node.get("jsonrpc");
		if (version == null || !version.isString() || !VERSION.equals(version.stringValue())) {
			throw invalid("\"jsonrpc\" must be \"2.0\"", readableId);
		}
		if (id != null && !validId) {
			throw invalid("\"id\" must be a string, a number or null", null);
		}
		JsonNode method = node.get("method");
		if (method != null) {
			if (!method.isString()) {
				throw invalid("\"method\" must be a string", readableId);
			}
			JsonNode params = node.get("params");
			if (params != null && !params.isContainer()) {
				throw new JsonRpcDecodeException(
						JsonRpcError.invalidRequest("\"params\" must be an object or an array"), readableId,
						id == null);
			}
			return (id != null) ? new JsonRpcRequest(id, method.stringValue(), params)
					: new JsonRpcNotification(method.stringValue(), params);
		}
		if (id == null) {
			throw invalid("A message needs \"method\" or \"id\"", null);
		}
		JsonNode result = node.get("result");
		JsonNode error = node.get("error");
		if ((result == null) == (error == null)) {
			throw invalid("A response needs exactly one of \"result\" and \"error\"", readableId);
		}
		return new JsonRpcResponse(id, result, (error != null) ? readError(error) : null);
	}

	private JsonRpcError readError(JsonNode error) {
		JsonNode code = error.get("code");
		JsonNode message = error.get("message");
		return new JsonRpcError(
				(code != null && code.canConvertToInt()) ? code.intValue() : JsonRpcError.INTERNAL_ERROR,
				(message != null && message.isString()) ? message.stringValue() : "", error.get("data"));
	}

	private static boolean isValidId(JsonNode id) {
		JsonNodeType type = id.getNodeType();
		return type == JsonNodeType.STRING || type == JsonNodeType.NUMBER || type == JsonNodeType.NULL;
	}

	private static JsonRpcDecodeException invalid(String detail, @Nullable JsonNode id) {
		return new JsonRpcDecodeException(JsonRpcError.invalidRequest(detail), id);
	}

	/**
	 * Encode a successful response.
	 * @param id the request id, echoed exactly
	 * @param result the result (any Jackson-writable value)
	 * @return the frame, without line terminator
	 */
	public byte[] encodeResult(JsonNode id, @Nullable Object result) {
		FrameOutput out = new FrameOutput();
		try (JsonGenerator generator = this.mapper.createGenerator(out)) {
			generator.writeStartObject();
			generator.writeStringProperty("jsonrpc", VERSION);
			generator.writeName("id");
			generator.writeTree(id);
			generator.writeName("result");
			generator.writePOJO(result);
			generator.writeEndObject();
		}
		return out.toByteArray();
	}

	/**
	 * Encode an error response.
	 * @param id the request id, or {@code null} when it could not be read
	 * @param error the error
	 * @return the frame, without line terminator
	 */
	public byte[] encodeError(@Nullable JsonNode id, JsonRpcError error) {
		FrameOutput out = new FrameOutput();
		try (JsonGenerator generator = this.mapper.createGenerator(out)) {
			generator.writeStartObject();
			generator.writeStringProperty("jsonrpc", VERSION);
			generator.writeName("id");
			generator.writeTree((id != null) ? id : NullNode.getInstance());
			generator.writeName("error");
			generator.writeStartObject();
			generator.writeNumberProperty("code", error.code());
			generator.writeStringProperty("message", error.message());
			if (error.data() != null) {
				generator.writeName("data");
				generator.writePOJO(error.data());
			}
			generator.writeEndObject();
			generator.writeEndObject();
		}
		return out.toByteArray();
	}

	/**
	 * Encode an outbound request.
	 * @param id the id
	 * @param method the method
	 * @param params the params (any Jackson-writable value) or {@code null}
	 * @return the frame, without line terminator
	 */
	public byte[] encodeRequest(long id, String method, @Nullable Object params) {
		return encodeCall(id, method, params);
	}

	/**
	 * Encode an outbound notification.
	 * @param method the method
	 * @param params the params (any Jackson-writable value) or {@code null}
	 * @return the frame, without line terminator
	 */
	public byte[] encodeNotification(String method, @Nullable Object params) {
		return encodeCall(null, method, params);
	}

	private byte[] encodeCall(@Nullable Long id, String method, @Nullable Object params) {
		FrameOutput out = new FrameOutput();
		try (JsonGenerator generator = this.mapper.createGenerator(out)) {
			generator.writeStartObject();
			generator.writeStringProperty("jsonrpc", VERSION);
			if (id != null) {
				generator.writeNumberProperty("id", id);
			}
			generator.writeStringProperty("method", method);
			if (params != null) {
				generator.writeName("params");
				generator.writePOJO(params);
			}
			generator.writeEndObject();
		}
		return out.toByteArray();
	}

}
