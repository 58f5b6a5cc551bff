package dev.acp.spring.protocol.v2;

import java.util.Map;

import dev.acp.spring.protocol.TaggedUnionDeserializer;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.core.exc.InputCoercionException;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.node.TreeTraversingParser;
import tools.jackson.databind.util.TokenBuffer;

/**
 * Reads a property the schema marks {@code x-deserialize-default-on-error}: with the
 * deserializer of the property's type, a malformed value reading as {@code null}, the
 * property left out, rather than failing the whole message. A patch field (an
 * {@link java.util.Optional} read by {@link PatchFieldDeserializer}) keeps its three
 * cases; a malformed value is a field left out (no change), see
 * {@link PatchFieldDeserializer#leftOutIfMalformed}.
 * <p>
 * A scalar is read directly. An object or array is read from the tree the parser
 * traverses when there is one, else from a copy of the value, so that a value failing
 * part-way leaves the parser after it; a {@code Map<String, Object>} or {@link JsonNode}
 * reading an object cannot fail part-way and is read directly.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class DefaultOnErrorDeserializer extends ValueDeserializer<Object> {

	/**
	 * What {@link #readOrMalformed} returns for a value that does not deserialize.
	 */
	static final Object MALFORMED = new Object();

	private final @Nullable ValueDeserializer<Object> values;

	private final @Nullable JavaType valueType;

	private final boolean patch;

	DefaultOnErrorDeserializer() {
		this(null, null, false);
	}

	private DefaultOnErrorDeserializer(@Nullable ValueDeserializer<Object> values, @Nullable JavaType valueType,
			boolean patch) {
		this.values = values;
		this.valueType = valueType;
		this.patch = patch;
	}

	@Override
	@SuppressWarnings("unchecked")
	public ValueDeserializer<?> createContextual(DeserializationContext context, @Nullable BeanProperty property) {
		if (property == null) {
			return this;
		}
		JavaType type = property.getType();
		if (type.isReferenceType()) {
			ValueDeserializer<?> patch = new PatchFieldDeserializer().createContextual(context, property);
			return new DefaultOnErrorDeserializer((ValueDeserializer<Object>) patch, type.getContentType(), true);
		}
		return new DefaultOnErrorDeserializer(context.findContextualValueDeserializer(type, property), type, false);
	}

	@Override
	public @Nullable Object deserialize(JsonParser parser, DeserializationContext context) {
		if (this.values == null || this.valueType == null) {
			return context.reportInputMismatch(this, "A default-on-error field is read only as a property");
		}
		Object value = readOrMalformed(parser, context, this.values, this.valueType);
		if (value != MALFORMED) {
			return value;
		}
		return this.patch ? PatchFieldDeserializer.MALFORMED : null;
	}

	/**
	 * Read one value, or {@link #MALFORMED} when it does not deserialize; either way the
	 * parser is left at the value's last token. A value of the wrong type or shape, out
	 * of range, or rejected by its constructor is malformed; invalid JSON still fails.
	 * @param parser the parser, at the value's first token
	 * @param context the context
	 * @param values the deserializer of the value
	 * @param type the type of the value
	 * @return the value, or {@link #MALFORMED}
	 */
	static @Nullable Object readOrMalformed(JsonParser parser, DeserializationContext context,
			ValueDeserializer<Object> values, JavaType type) {
		boolean object = parser.isExpectedStartObjectToken();
		if (type.isTypeOrSubTypeOf(JsonNode.class) || (object && isUntypedMap(type))) {
			// cannot fail part-way: read directly, without a copy
			return values.deserialize(parser, context);
		}
		if (!object && !parser.isExpectedStartArrayToken()) {
			try {
				return values.deserialize(parser, context);
			}
			catch (DatabindException | InputCoercionException ex) {
				return MALFORMED;
			}
		}
		JsonNode shared = TaggedUnionDeserializer.sharedContainer(parser);
		JsonParser copy;
		if (shared != null) {
			parser.skipChildren();
			copy = new TreeTraversingParser(shared, context);
			copy.nextToken();
		}
		else {
			TokenBuffer buffer = context.bufferAsCopyOfValue(parser);
			copy = buffer.asParserOnFirstToken(context);
		}
		try (copy) {
			return values.deserialize(copy, context);
		}
		catch (DatabindException | InputCoercionException ex) {
			return MALFORMED;
		}
	}

	private static boolean isUntypedMap(JavaType type) {
		return type.isTypeOrSubTypeOf(Map.class) && type.getKeyType().hasRawClass(String.class)
				&& type.getContentType().hasRawClass(Object.class);
	}

	@Override
	public @Nullable Object getNullValue(DeserializationContext context) {
		return (this.values != null) ? this.values.getNullValue(context) : null;
	}

	@Override
	public @Nullable Object getAbsentValue(DeserializationContext context) {
		return (this.values != null) ? this.values.getAbsentValue(context) : null;
	}

}
