package dev.acp.spring.protocol;

import java.util.List;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Minimal valid instances of the {@code $defs} of an ACP JSON Schema (v1's and v2's).
 */
public final class SchemaSamples {

	private final JsonNode defs;

	public SchemaSamples(JsonNode defs) {
		this.defs = defs;
	}

	/**
	 * A minimal valid instance of a schema: required properties only, the first non-null
	 * branch of each union.
	 * @param schema the schema
	 * @return the instance
	 */
	public JsonNode sample(JsonNode schema) {
		JsonNodeFactory nodes = JsonNodeFactory.instance;
		if (schema.has("$ref")) {
			String ref = schema.get("$ref").stringValue();
			return sample(this.defs.get(ref.substring(ref.lastIndexOf('/') + 1)));
		}
		if (schema.has("const")) {
			return schema.get("const");
		}
		ObjectNode object = null;
		if (schema.has("properties") || "object".equals(type(schema))) {
			object = nodes.objectNode();
			if (schema.has("required")) {
				for (JsonNode name : schema.get("required")) {
					object.set(name.stringValue(), sample(schema.get("properties").get(name.stringValue())));
				}
			}
		}
		if (schema.has("allOf")) {
			for (JsonNode part : schema.get("allOf")) {
				JsonNode value = sample(part);
				if (object == null) {
					return value;
				}
				object.setAll((ObjectNode) value);
			}
		}
		for (String union : List.of("oneOf", "anyOf")) {
			if (schema.has(union)) {
				for (JsonNode branch : schema.get(union)) {
					if ("null".equals(type(branch))) {
						continue;
					}
					JsonNode value = sample(branch);
					if (object == null) {
						return value;
					}
					object.setAll((ObjectNode) value);
					break;
				}
			}
		}
		if (object != null) {
			return object;
		}
		return switch (String.valueOf(type(schema))) {
			case "integer" -> nodes.numberNode(1);
			case "number" -> nodes.numberNode(1.5);
			case "boolean" -> nodes.booleanNode(true);
			case "array" -> nodes.arrayNode();
			default -> nodes.stringNode("x");
		};
	}

	private static String type(JsonNode schema) {
		JsonNode type = schema.get("type");
		if (type == null) {
			return null;
		}
		if (type.isString()) {
			return type.stringValue();
		}
		for (JsonNode each : type) {
			if (!"null".equals(each.stringValue())) {
				return each.stringValue();
			}
		}
		return "null";
	}

}
