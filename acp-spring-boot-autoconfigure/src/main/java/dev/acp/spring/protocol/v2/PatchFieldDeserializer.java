package dev.acp.spring.protocol.v2;

import java.util.Optional;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanProperty;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;

/**
 * Reads a field of a patch (such as {@link ToolCallUpdate}) into an {@link Optional} that
 * tells the three cases apart: a field left out is {@code null} (no change), a field sent
 * as {@code null} is an empty {@code Optional} (clear), a value is a present one
 * (replace).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class PatchFieldDeserializer extends ValueDeserializer<Optional<?>> {

	/**
	 * A patch field whose value is malformed where the schema reads it as left out
	 * ({@code x-deserialize-default-on-error}): Jackson turns a {@code null} read into
	 * the null value ({@code Optional.empty()}, clear), so the lenient deserializers
	 * return this and the record's constructor makes it {@code null} with
	 * {@link #leftOutIfMalformed}.
	 */
	static final Optional<Object> MALFORMED = Optional.of(new Object());

	private final @Nullable ValueDeserializer<Object> values;

	PatchFieldDeserializer() {
		this(null);
	}

	private PatchFieldDeserializer(@Nullable ValueDeserializer<Object> values) {
		this.values = values;
	}

	@Override
	public ValueDeserializer<?> createContextual(DeserializationContext context, @Nullable BeanProperty property) {
		if (property == null) {
			return this;
		}
		JavaType value = property.getType().containedTypeOrUnknown(0);
		return new PatchFieldDeserializer(context.findContextualValueDeserializer(value, property));
	}

	@Override
	public Optional<?> deserialize(JsonParser parser, DeserializationContext context) {
		if (this.values == null) {
			return context.reportInputMismatch(this, "A patch field is read only as a property");
		}
		return Optional.ofNullable(this.values.deserialize(parser, context));
	}

	/**
	 * A patch field as read, {@code null} (left out) when its value was malformed.
	 * @param <T> the value type
	 * @param field the field
	 * @return the field, or {@code null}
	 */
	static <T> @Nullable Optional<T> leftOutIfMalformed(@Nullable Optional<T> field) {
		return MALFORMED.equals(field) ? null : field;
	}

	@Override
	public Optional<?> getNullValue(DeserializationContext context) {
		return Optional.empty();
	}

	@Override
	public @Nullable Object getAbsentValue(DeserializationContext context) {
		return null;
	}

}
