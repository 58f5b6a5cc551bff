package dev.acp.spring.inspector;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Checks one JSON-RPC frame of an ACP connection against the official ACP schema of its
 * protocol version: the JSON-RPC envelope, then a request's or notification's
 * {@code params} against the type its method names ({@code x-method} in the schema), a
 * response's {@code result} against the response type of the request it answers, an
 * {@code error} against {@code Error}. Extension methods ({@code _} prefix) and methods
 * the schema does not describe are left unchecked beyond the envelope.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpFrameValidator {

	private static final int MAX_ERRORS = 20;

	private final JsonMapper mapper;

	private final Map<Integer, VersionSchema> schemas = new ConcurrentHashMap<>();

	/**
	 * A validator reading the schemas with the given mapper.
	 * @param mapper the mapper
	 */
	public AcpFrameValidator(JsonMapper mapper) {
		this.mapper = mapper;
	}

	/**
	 * Check a frame.
	 * @param protocolVersion the connection's protocol version (1 or 2)
	 * @param from who sent it: {@code "client"} or {@code "agent"}
	 * @param frame the JSON-RPC message
	 * @param requestMethod for a response, the method of the request it answers
	 * @return the outcome
	 */
	public Validation validate(int protocolVersion, String from, JsonNode frame, @Nullable String requestMethod) {
		if (!"client".equals(from) && !"agent".equals(from)) {
			throw new IllegalArgumentException("from must be \"client\" or \"agent\"");
		}
		VersionSchema schema = schema(protocolVersion);
		List<String> errors = new ArrayList<>();
		if (!frame.isObject()) {
			return Validation.invalid(List.of("$: a JSON-RPC message is an object"));
		}
		JsonNode jsonrpc = frame.get("jsonrpc");
		if (jsonrpc == null || !"2.0".equals(jsonrpc.asString(null))) {
			errors.add("$.jsonrpc: must be \"2.0\"");
		}
		JsonNode method = frame.get("method");
		JsonNode id = frame.get("id");
		if (id != null && !id.isString() && !id.isIntegralNumber() && !id.isNull()) {
			errors.add("$.id: must be a string, an integer or null");
		}
		if (method != null) {
			if (!method.isString()) {
				errors.add("$.method: must be a string");
				return Validation.of(errors, null);
			}
			return checkCall(schema, from, method.asString(), id != null, frame.get("params"), errors);
		}
		return checkResponse(schema, frame, id, requestMethod, errors);
	}

	private Validation checkCall(VersionSchema schema, String from, String method, boolean request,
			@Nullable JsonNode params, List<String> errors) {
		if (params != null && !params.isObject() && !params.isArray()) {
			errors.add("$.params: must be an object or an array");
			return Validation.of(errors, null);
		}
		if (method.startsWith("_")) {
			return Validation.of(errors, "extension method");
		}
		MethodTypes types = schema.methods.get(method);
		String type = (types != null) ? (request ? types.request() : types.notification()) : null;
		if (types == null || type == null) {
			return Validation.of(errors, "not in the ACP schema of this version");
		}
		if (types.sender() != null && !types.sender().equals(from)) {
			errors.add("$.method: " + method + " is sent by the " + types.sender() + ", not the " + from);
		}
		JsonNode checked = (params != null) ? params : JsonNodeFactory.instance.objectNode();
		collect(schema.type(type), checked, "$.params", errors);
		return Validation.of(errors, null);
	}

	private Validation checkResponse(VersionSchema schema, JsonNode frame, @Nullable JsonNode id,
			@Nullable String requestMethod, List<String> errors) {
		JsonNode result = frame.get("result");
		JsonNode error = frame.get("error");
		if (id == null) {
			errors.add("$: a message needs a method (request or notification) or an id (response)");
		}
		if ((result == null) == (error == null)) {
			errors.add("$: a response has exactly one of result and error");
			return Validation.of(errors, null);
		}
		if (error != null) {
			collect(schema.type("Error"), error, "$.error", errors);
			return Validation.of(errors, null);
		}
		if (requestMethod == null || requestMethod.startsWith("_")) {
			return Validation.of(errors, (requestMethod == null) ? "the request is unknown" : "extension method");
		}
		MethodTypes types = schema.methods.get(requestMethod);
		if (types == null || types.response() == null) {
			return Validation.of(errors, "not in the ACP schema of this version");
		}
		collect(schema.type(types.response()), result, "$.result", errors);
		return Validation.of(errors, null);
	}

	private static void collect(Schema type, JsonNode node, String at, List<String> errors) {
		for (Error error : type.validate(node)) {
			if (errors.size() == MAX_ERRORS) {
				return;
			}
			errors.add(path(at, error.getInstanceLocation()) + ": " + detail(error));
		}
	}

	private static String path(String at, NodePath location) {
		StringBuilder path = new StringBuilder(at);
		for (int i = 0; i < location.getNameCount(); i++) {
			Object element = location.getElement(i);
			if (element instanceof Integer index) {
				path.append('[').append(index).append(']');
			}
			else {
				path.append('.').append(element);
			}
		}
		return path.toString();
	}

	private static String detail(Error error) {
		String message = error.getMessage();
		int colon = message.indexOf(": ");
		return (message.startsWith("$") && colon > 0) ? message.substring(colon + 2) : message;
	}

	private VersionSchema schema(int protocolVersion) {
		if (protocolVersion != 1 && protocolVersion != 2) {
			throw new IllegalArgumentException("No ACP schema of protocol version " + protocolVersion);
		}
		return this.schemas.computeIfAbsent(protocolVersion, this::load);
	}

	private VersionSchema load(int protocolVersion) {
		String resource = "schema/v" + protocolVersion + "/schema.json";
		try (InputStream input = AcpFrameValidator.class.getResourceAsStream(resource)) {
			if (input == null) {
				throw new IllegalStateException("The ACP schema " + resource + " is missing from the class path");
			}
			return new VersionSchema(this.mapper.readTree(input));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * The outcome of a check.
	 *
	 * @param valid whether the frame conforms
	 * @param errors what does not, each {@code <path>: <what>}, at most 20
	 * @param unchecked why the frame was checked only as a JSON-RPC message, if it was
	 */
	public record Validation(boolean valid, List<String> errors, @Nullable String unchecked) {

		static Validation invalid(List<String> errors) {
			return new Validation(false, errors, null);
		}

		static Validation of(List<String> errors, @Nullable String unchecked) {
			return errors.isEmpty() ? new Validation(true, List.of(), unchecked)
					: new Validation(false, List.copyOf(errors), null);
		}

	}

	/**
	 * The schema types of one method: what its request, response and notification carry,
	 * and who sends the request or notification ({@code null}: either side).
	 */
	private record MethodTypes(@Nullable String request, @Nullable String response, @Nullable String notification,
			@Nullable String sender) {

		MethodTypes with(String type, String side) {
			String sender = switch (side) {
				case "agent" -> "client";
				case "client" -> "agent";
				default -> null;
			};
			if (type.endsWith("Request")) {
				return new MethodTypes(type, this.response, this.notification, sender);
			}
			if (type.endsWith("Response")) {
				return new MethodTypes(this.request, type, this.notification, this.sender);
			}
			return new MethodTypes(this.request, this.response, type, sender);
		}

	}

	/**
	 * One version's schema: its types by method, each compiled once when first used.
	 */
	private static final class VersionSchema {

		private final JsonNode root;

		private final Map<String, MethodTypes> methods = new ConcurrentHashMap<>();

		private final Map<String, Schema> types = new ConcurrentHashMap<>();

		private final SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);

		VersionSchema(JsonNode root) {
			this.root = root;
			root.get("$defs").properties().forEach((entry) -> {
				JsonNode method = entry.getValue().get("x-method");
				JsonNode side = entry.getValue().get("x-side");
				if (method != null && side != null) {
					this.methods.merge(method.asString(),
							new MethodTypes(null, null, null, null).with(entry.getKey(), side.asString()),
							(before, added) -> before.with(entry.getKey(), side.asString()));
				}
			});
		}

		Schema type(String name) {
			return this.types.computeIfAbsent(name, (key) -> {
				ObjectNode wrapper = JsonNodeFactory.instance.objectNode();
				wrapper.put("$schema", "https://json-schema.org/draft/2020-12/schema");
				wrapper.set("$defs", this.root.get("$defs"));
				wrapper.put("$ref", "#/$defs/" + key);
				return this.registry.getSchema(wrapper);
			});
		}

	}

}
