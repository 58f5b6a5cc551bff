package dev.acp.spring.protocol.v2;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;

/**
 * Reads an array the schema marks {@code x-deserialize-skip-invalid-items}: an item that
 * does not deserialize (or is {@code null}) is dropped and the others are kept. Each item
 * is read on its own (an object or array item from the tree the parser traverses, else
 * from a copy of that item alone). A value that is not an array fails; the nested
 * {@link OrAbsent} and {@link OrEmpty} read it as left out or as an empty list, for an
 * optional or a required array also marked {@code x-deserialize-default-on-error}. The
 * array may be a patch field ({@code Optional<List<T>>}).
 *
 * @author ACP Spring Boot Starter contributors
 */
class SkipInvalidItemsDeserializer extends ValueDeserializer<Object> {

	private enum NotAnArray {

		FAIL, ABSENT, EMPTY

	}

	private final NotAnArray notAnArray;

	private final boolean patch;

	private final @Nullable JavaType itemType;

	private final @Nullable ValueDeserializer<Object> items;

	SkipInvalidItemsDeserializer() {
		this(NotAnArray.FAIL, false, null, null);
	}

	private SkipInvalidItemsDeserializer(NotAnArray notAnArray, boolean patch, @Nullable JavaType itemType,
			@Nullable ValueDeserializer<Object> items) {
		this.notAnArray = notAnArray;
		this.patch = patch;
		this.itemType = itemType;
		this.items = items;
	}

	@Override
	public ValueDeserializer<?> createContextual(DeserializationContext context, @Nullable BeanProperty property) {
		if (property == null) {
			return this;
		}
		JavaType type = property.getType();
		boolean optional = type.isReferenceType();
		JavaType list = optional ? type.getContentType() : type;
		if (!list.isCollectionLikeType() || !list.hasRawClass(List.class)) {
			return context.reportBadDefinition(type, "Invalid items are skipped only in a List: " + type);
		}
		JavaType item = list.getContentType();
		return new SkipInvalidItemsDeserializer(this.notAnArray, optional, item,
				context.findContextualValueDeserializer(item, property));
	}

	@Override
	public @Nullable Object deserialize(JsonParser parser, DeserializationContext context) {
		if (this.items == null || this.itemType == null) {
			return context.reportInputMismatch(this, "An array skipping invalid items is read only as a property");
		}
		if (!parser.isExpectedStartArrayToken()) {
			return switch (this.notAnArray) {
				case FAIL -> context.handleUnexpectedToken(context.constructType(List.class), parser);
				case ABSENT -> {
					parser.skipChildren();
					yield this.patch ? PatchFieldDeserializer.MALFORMED : null;
				}
				case EMPTY -> {
					parser.skipChildren();
					yield wrap(List.of());
				}
			};
		}
		List<Object> kept = new ArrayList<>();
		while (parser.nextToken() != JsonToken.END_ARRAY) {
			Object item = parser.hasToken(JsonToken.VALUE_NULL) ? null
					: DefaultOnErrorDeserializer.readOrMalformed(parser, context, this.items, this.itemType);
			if (item != null && item != DefaultOnErrorDeserializer.MALFORMED) {
				kept.add(item);
			}
		}
		return wrap(List.copyOf(kept));
	}

	private Object wrap(List<Object> list) {
		return this.patch ? Optional.of(list) : list;
	}

	@Override
	public @Nullable Object getNullValue(DeserializationContext context) {
		if (this.notAnArray == NotAnArray.EMPTY) {
			return wrap(List.of());
		}
		return this.patch ? Optional.empty() : null;
	}

	@Override
	public @Nullable Object getAbsentValue(DeserializationContext context) {
		return null;
	}

	/**
	 * An optional array also marked {@code x-deserialize-default-on-error}: a value that
	 * is not an array is read as left out.
	 */
	static final class OrAbsent extends SkipInvalidItemsDeserializer {

		OrAbsent() {
			super(NotAnArray.ABSENT, false, null, null);
		}

	}

	/**
	 * A required array also marked {@code x-deserialize-default-on-error}: a value that
	 * is not an array, or {@code null}, is read as an empty list (left out still fails).
	 */
	static final class OrEmpty extends SkipInvalidItemsDeserializer {

		OrEmpty() {
			super(NotAnArray.EMPTY, false, null, null);
		}

	}

}
