package dev.acp.spring.method;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.acp.spring.jsonrpc.JsonRpcError;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.ValueInstantiationException;

/**
 * Binds JSON to a handler's parameter type and turns binding failures into -32602 errors
 * naming the offending fields, without internal details.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class ParamsBinding {

	private ParamsBinding() {
	}

	/**
	 * Bind JSON to a type.
	 * @param mapper the protocol mapper
	 * @param node the JSON
	 * @param type the target type
	 * @param root the path of the node in the params, or {@code null} for the params
	 * @return the bound value
	 * @throws AcpException -32602 naming the offending field
	 */
	public static Object bind(ObjectMapper mapper, JsonNode node, JavaType type, String root) {
		try {
			return mapper.treeToValue(node, type);
		}
		catch (JacksonException ex) {
			throw invalidParams(List.of(describe(ex, node, root)));
		}
	}

	/**
	 * An -32602 error listing the offending fields.
	 * @param errors one map per error, with {@code field} and {@code message}
	 * @return the exception
	 */
	public static AcpException invalidParams(List<Map<String, String>> errors) {
		return new AcpException(JsonRpcError.INVALID_PARAMS, "Invalid params", Map.of("errors", errors));
	}

	/**
	 * One entry of the {@code errors} list of an -32602 error.
	 * @param field the path of the offending field
	 * @param message what is wrong with it
	 * @return the entry, field first
	 */
	public static Map<String, String> fieldError(String field, String message) {
		Map<String, String> error = new LinkedHashMap<>();
		error.put("field", field);
		error.put("message", message);
		return error;
	}

	private static Map<String, String> describe(JacksonException ex, JsonNode node, String root) {
		StringBuilder path = new StringBuilder((root != null) ? root : "");
		JsonNode value = node;
		for (JacksonException.Reference reference : ex.getPath()) {
			if (reference.getPropertyName() != null) {
				if (!path.isEmpty()) {
					path.append('.');
				}
				path.append(reference.getPropertyName());
				value = (value != null) ? value.get(reference.getPropertyName()) : null;
			}
			else if (reference.getIndex() >= 0) {
				path.append('[').append(reference.getIndex()).append(']');
				value = (value != null) ? value.get(reference.getIndex()) : null;
			}
		}
		String message = "is invalid";
		if (ex instanceof ValueInstantiationException && ex.getCause() instanceof NullPointerException npe
				&& npe.getMessage() != null && npe.getMessage().matches("[A-Za-z_][A-Za-z0-9_]*")) {
			if (!path.isEmpty()) {
				path.append('.');
			}
			path.append(npe.getMessage());
			message = "is required";
		}
		else if (ex instanceof MismatchedInputException mismatch) {
			boolean absent = !ex.getPath().isEmpty() && (value == null || value.isNull());
			boolean primitive = mismatch.getTargetType() != null && mismatch.getTargetType().isPrimitive();
			message = (absent && primitive) ? "is required" : "has the wrong type or shape";
		}
		return fieldError(path.isEmpty() ? "params" : path.toString(), message);
	}

}
