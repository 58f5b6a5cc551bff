package dev.acp.spring.method.support;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.method.AcpException;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.deser.bean.BeanDeserializerBase;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.ValueInstantiationException;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Binds JSON to a handler's parameter type and turns binding failures into -32602 errors
 * naming every offending field, without internal details.
 * <p>
 * Jackson stops at the first mismatch, and which one that is depends on the order of the
 * keys. When binding fails, each field present in the JSON is therefore bound on its own
 * to its property's type (records' components, bean properties, list elements and map
 * values, nested as deep as the JSON goes), then the object as a whole again with the
 * failing fields replaced by harmless values, to name the required fields its constructor
 * refuses. The errors are sorted by field, like Bean Validation's.
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
	public static Object bind(ObjectMapper mapper, JsonNode node, JavaType type, @Nullable String root) {
		try {
			return mapper.treeToValue(node, type);
		}
		catch (JacksonException ex) {
			List<Map<String, String>> errors = new ArrayList<>();
			collect(mapper, node, type, (root != null) ? root : "", ex, errors);
			throw invalidParams(errors.stream()
				.distinct()
				.sorted(Comparator.comparing((Map<String, String> error) -> error.get("field"))
					.thenComparing((error) -> error.get("message")))
				.toList());
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

	private static void check(ObjectMapper mapper, JsonNode node, JavaType type, String path,
			List<Map<String, String>> errors) {
		try {
			mapper.treeToValue(node, type);
		}
		catch (JacksonException ex) {
			collect(mapper, node, type, path, ex, errors);
		}
	}

	/**
	 * Name the fields of a node that failed to bind: those of its parts when it has parts
	 * Jackson binds one by one, else the one the failure names.
	 */
	private static void collect(ObjectMapper mapper, JsonNode node, JavaType type, String path,
			JacksonException failure, List<Map<String, String>> errors) {
		int before = errors.size();
		if (node.isArray() && (type.isCollectionLikeType() || type.isArrayType())) {
			for (int i = 0; i < node.size(); i++) {
				check(mapper, node.get(i), type.getContentType(), path + "[" + i + "]", errors);
			}
		}
		else if (node.isObject() && type.isMapLikeType()) {
			for (Map.Entry<String, JsonNode> entry : node.properties()) {
				check(mapper, entry.getValue(), type.getContentType(), child(path, entry.getKey()), errors);
			}
		}
		else if (node instanceof ObjectNode object) {
			BeanDeserializerBase bean = beanDeserializer(mapper, type);
			if (bean != null) {
				collectProperties(mapper, object, type, bean, path, errors);
			}
		}
		if (errors.size() == before) {
			errors.add(describe(failure, node, path));
		}
	}

	private static void collectProperties(ObjectMapper mapper, ObjectNode node, JavaType type,
			BeanDeserializerBase bean, String path, List<Map<String, String>> errors) {
		Map<String, JavaType> properties = new LinkedHashMap<>();
		bean.properties().forEachRemaining((property) -> properties.put(property.getName(), property.getType()));
		ObjectNode repaired = node.deepCopy();
		Set<String> failed = new HashSet<>();
		boolean repairable = true;
		for (Map.Entry<String, JavaType> property : properties.entrySet()) {
			JsonNode value = node.get(property.getKey());
			if (value != null && !value.isNull()) {
				int before = errors.size();
				check(mapper, value, property.getValue(), child(path, property.getKey()), errors);
				if (errors.size() > before) {
					failed.add(property.getKey());
					repairable &= replace(mapper, repaired, property.getKey(), property.getValue());
				}
			}
		}
		// what only the object as a whole tells: fields its constructor requires
		for (int attempt = 0; repairable && attempt <= properties.size(); attempt++) {
			try {
				mapper.treeToValue(repaired, type);
				return;
			}
			catch (JacksonException ex) {
				Map<String, String> error = describe(ex, repaired, path);
				String name = propertyNamed(error.get("field"), path, properties);
				if (name == null || !failed.add(name)) {
					return;
				}
				errors.add(error);
				JavaType nameType = properties.get(name);
				if (nameType == null || !replace(mapper, repaired, name, nameType)) {
					return;
				}
			}
		}
	}

	private static @Nullable BeanDeserializerBase beanDeserializer(ObjectMapper mapper, JavaType type) {
		try {
			ValueDeserializer<Object> deserializer = mapper._deserializationContext().findRootValueDeserializer(type);
			return (deserializer instanceof BeanDeserializerBase bean) ? bean : null;
		}
		catch (JacksonException ex) {
			return null;
		}
	}

	private static @Nullable String propertyNamed(@Nullable String field, String path,
			Map<String, JavaType> properties) {
		String prefix = path.isEmpty() ? "" : path + ".";
		if (field != null && field.startsWith(prefix) && properties.containsKey(field.substring(prefix.length()))) {
			return field.substring(prefix.length());
		}
		return null;
	}

	/**
	 * Replace a field by a value its type accepts, so that binding the object again goes
	 * past it.
	 * @return whether a value was found
	 */
	private static boolean replace(ObjectMapper mapper, ObjectNode node, String name, JavaType type) {
		JsonNodeFactory nodes = JsonNodeFactory.instance;
		for (JsonNode candidate : List.of(nodes.stringNode(""), nodes.numberNode(0), nodes.booleanNode(false),
				nodes.arrayNode(), nodes.objectNode())) {
			try {
				if (mapper.treeToValue(candidate, type) != null) {
					node.set(name, candidate);
					return true;
				}
			}
			catch (JacksonException ex) {
				// not this one
			}
		}
		return false;
	}

	private static String child(String path, String name) {
		return path.isEmpty() ? name : path + "." + name;
	}

	private static Map<String, String> describe(JacksonException ex, JsonNode node, @Nullable String root) {
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
