package dev.acp.spring.protocol;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;

import com.fasterxml.jackson.annotation.JsonTypeName;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamContext;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.node.TreeTraversingParser;

/**
 * Reads a tagged union: a known discriminator binds its variant (and fails when the
 * payload is malformed), any other discriminator keeps the whole object as the unknown
 * variant, or fails when the union is closed. A union may have one variant written
 * without a discriminator.
 * <p>
 * A sealed union names each variant once: its {@link JsonTypeName @JsonTypeName} is its
 * discriminator value, read here to know the variants ({@link #variantsOf}) and by the
 * variant itself to write it ({@link #tagOf}).
 * <p>
 * Shared by the v1 types and the v2 types ({@code dev.acp.spring.protocol.v2}).
 *
 * @param <T> the union type
 * @author ACP Spring Boot Starter contributors
 */
public abstract class TaggedUnionDeserializer<T> extends ValueDeserializer<T> {

	private final Class<T> unionType;

	private final String discriminator;

	private final Map<String, Class<? extends T>> variants;

	private final @Nullable BiFunction<String, ObjectNode, T> unknown;

	private final @Nullable Class<? extends T> untagged;

	/**
	 * The deserializer of each variant, looked up once: finding and contextualizing it on
	 * every value cost more than reading the value.
	 */
	private final Map<Class<?>, ValueDeserializer<Object>> variantDeserializers = new ConcurrentHashMap<>();

	private volatile @Nullable ValueDeserializer<Object> treeDeserializer;

	private static final ClassValue<String> TAGS = new ClassValue<>() {

		@Override
		protected String computeValue(Class<?> variant) {
			JsonTypeName name = variant.getAnnotation(JsonTypeName.class);
			if (name == null || name.value().isEmpty()) {
				throw new IllegalStateException(variant.getName() + " names no discriminator value with @JsonTypeName");
			}
			return name.value();
		}

	};

	/**
	 * A reader of a sealed union whose variants are its permitted subtypes with a
	 * {@link JsonTypeName @JsonTypeName}.
	 * @param unionType the sealed union type
	 * @param discriminator the name of the discriminator property
	 * @param unknown makes the unknown variant, or {@code null} when the union is closed
	 */
	protected TaggedUnionDeserializer(Class<T> unionType, String discriminator,
			@Nullable BiFunction<String, ObjectNode, T> unknown) {
		this(unionType, discriminator, variantsOf(unionType), unknown, null);
	}

	/**
	 * A reader of a union.
	 * @param unionType the union type
	 * @param discriminator the name of the discriminator property
	 * @param variants the variant of each known discriminator value
	 * @param unknown makes the unknown variant, or {@code null} when the union is closed
	 */
	protected TaggedUnionDeserializer(Class<T> unionType, String discriminator,
			Map<String, Class<? extends T>> variants, @Nullable BiFunction<String, ObjectNode, T> unknown) {
		this(unionType, discriminator, variants, unknown, null);
	}

	/**
	 * A reader of a union.
	 * @param unionType the union type
	 * @param discriminator the name of the discriminator property
	 * @param variants the variant of each known discriminator value
	 * @param unknown makes the unknown variant, or {@code null} when the union is closed
	 * @param untagged the variant of objects without a discriminator, or {@code null}
	 */
	protected TaggedUnionDeserializer(Class<T> unionType, String discriminator,
			Map<String, Class<? extends T>> variants, @Nullable BiFunction<String, ObjectNode, T> unknown,
			@Nullable Class<? extends T> untagged) {
		this.unionType = unionType;
		this.discriminator = discriminator;
		this.variants = variants;
		this.unknown = unknown;
		this.untagged = untagged;
	}

	/**
	 * The variants of a sealed union by their discriminator value: its permitted subtypes
	 * with a {@link JsonTypeName @JsonTypeName}.
	 * @param <T> the union type
	 * @param unionType the sealed union type
	 * @return the variant of each discriminator value
	 */
	public static <T> Map<String, Class<? extends T>> variantsOf(Class<T> unionType) {
		Map<String, Class<? extends T>> variants = new LinkedHashMap<>();
		for (Class<?> variant : unionType.getPermittedSubclasses()) {
			if (variant.isAnnotationPresent(JsonTypeName.class)
					&& variants.put(tagOf(variant), variant.asSubclass(unionType)) != null) {
				throw new IllegalStateException(
						"Two variants of " + unionType.getName() + " are named " + tagOf(variant));
			}
		}
		return Map.copyOf(variants);
	}

	/**
	 * The discriminator value of a variant: its {@link JsonTypeName @JsonTypeName}.
	 * @param variant the variant
	 * @return the discriminator value
	 */
	public static String tagOf(Class<?> variant) {
		return TAGS.get(variant);
	}

	@Override
	public T deserialize(JsonParser parser, DeserializationContext context) {
		ObjectNode sharedObject = sharedObject(parser);
		boolean shared = sharedObject != null;
		ObjectNode object;
		if (sharedObject != null) {
			parser.skipChildren();
			object = sharedObject;
		}
		else if (readTree(parser, context) instanceof ObjectNode read) {
			object = read;
		}
		else {
			return context.reportInputMismatch(this.unionType, "Expected an object for %s",
					this.unionType.getSimpleName());
		}
		JsonNode tag = object.get(this.discriminator);
		if (tag == null && this.untagged != null) {
			return read(object, this.untagged, context);
		}
		if (tag == null || !tag.isString()) {
			return context.reportInputMismatch(this.unionType, "Missing string property '%s' of %s", this.discriminator,
					this.unionType.getSimpleName());
		}
		Class<? extends T> variant = this.variants.get(tag.stringValue());
		if (variant != null) {
			return read(object, variant, context);
		}
		if (this.unknown == null) {
			return context.reportInputMismatch(this.unionType, "Unknown %s '%s' of %s", this.discriminator,
					tag.stringValue(), this.unionType.getSimpleName());
		}
		return this.unknown.apply(tag.stringValue(), shared ? object.deepCopy() : object);
	}

	/**
	 * The object a parser reading a tree is at, found in that tree rather than copied
	 * from it: what it binds must not keep it (an unknown variant keeps a copy).
	 * @param parser the parser, at the start of the value
	 * @return the object, or {@code null} when the parser does not read a tree or is not
	 * at an object
	 */
	public static @Nullable ObjectNode sharedObject(JsonParser parser) {
		return (parser.hasToken(JsonToken.START_OBJECT) && sharedContainer(parser) instanceof ObjectNode object)
				? object : null;
	}

	/**
	 * The object or array a parser reading a tree is at, found in that tree rather than
	 * copied from it: what it binds must not keep it.
	 * @param parser the parser, at the start of the value
	 * @return the object or array, or {@code null} when the parser does not read a tree
	 * or is not at an object or array
	 */
	public static @Nullable JsonNode sharedContainer(JsonParser parser) {
		if (!(parser instanceof TreeTraversingParser tree)
				|| !(parser.hasToken(JsonToken.START_OBJECT) || parser.hasToken(JsonToken.START_ARRAY))) {
			return null;
		}
		// at the start token the context is the container's own, not advanced yet
		JsonNode node = nodeAt(tree.streamReadInputSource(), parser.streamReadContext().getParent());
		return (node != null && node.isContainer()) ? node : null;
	}

	/**
	 * The node a context of a tree parser is at: its parent's entry of the context's
	 * current name or index.
	 */
	private static @Nullable JsonNode nodeAt(JsonNode root, @Nullable TokenStreamContext context) {
		if (context == null || context.inRoot()) {
			return root;
		}
		JsonNode parent = nodeAt(root, context.getParent());
		if (parent == null) {
			return null;
		}
		if (context.inArray()) {
			return parent.get(context.getCurrentIndex());
		}
		String name = context.currentName();
		return (name != null) ? parent.get(name) : null;
	}

	/**
	 * Read the value into a tree with the tree deserializer looked up once (looking it up
	 * on every value cost as much as reading it).
	 */
	private JsonNode readTree(JsonParser parser, DeserializationContext context) {
		if (!parser.hasToken(JsonToken.START_OBJECT)) {
			return context.readTree(parser);
		}
		ValueDeserializer<Object> deserializer = this.treeDeserializer;
		if (deserializer == null) {
			deserializer = context.findRootValueDeserializer(context.constructType(JsonNode.class));
			this.treeDeserializer = deserializer;
		}
		return (JsonNode) deserializer.deserialize(parser, context);
	}

	private T read(ObjectNode object, Class<? extends T> variant, DeserializationContext context) {
		ValueDeserializer<Object> deserializer = this.variantDeserializers.get(variant);
		if (deserializer == null) {
			deserializer = context.findRootValueDeserializer(context.constructType(variant));
			this.variantDeserializers.put(variant, deserializer);
		}
		try (JsonParser parser = new TreeTraversingParser(object, context)) {
			parser.nextToken();
			return variant.cast(deserializer.deserialize(parser, context));
		}
	}

}
