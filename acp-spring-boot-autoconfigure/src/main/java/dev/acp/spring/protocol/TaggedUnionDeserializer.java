package dev.acp.spring.protocol;

import java.util.Map;
import java.util.function.BiFunction;

import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads a tagged union: a known discriminator binds its variant (and fails when the
 * payload is malformed), any other discriminator keeps the whole object as the unknown
 * variant.
 *
 * @param <T> the union type
 * @author ACP Spring Boot Starter contributors
 */
abstract class TaggedUnionDeserializer<T> extends ValueDeserializer<T> {

	private final Class<T> unionType;

	private final String discriminator;

	private final Map<String, Class<? extends T>> variants;

	private final BiFunction<String, ObjectNode, T> unknown;

	TaggedUnionDeserializer(Class<T> unionType, String discriminator, Map<String, Class<? extends T>> variants,
			BiFunction<String, ObjectNode, T> unknown) {
		this.unionType = unionType;
		this.discriminator = discriminator;
		this.variants = variants;
		this.unknown = unknown;
	}

	@Override
	public T deserialize(JsonParser parser, DeserializationContext context) {
		JsonNode node = context.readTree(parser);
		if (!(node instanceof ObjectNode object)) {
			return context.reportInputMismatch(this.unionType, "Expected an object for %s",
					this.unionType.getSimpleName());
		}
		JsonNode tag = object.get(this.discriminator);
		if (tag == null || !tag.isString()) {
			return context.reportInputMismatch(this.unionType, "Missing string property '%s' of %s", this.discriminator,
					this.unionType.getSimpleName());
		}
		Class<? extends T> variant = this.variants.get(tag.stringValue());
		if (variant == null) {
			return this.unknown.apply(tag.stringValue(), object);
		}
		return context.readTreeAsValue(object, variant);
	}

}
