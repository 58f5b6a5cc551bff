package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * Type discriminator for elicitation schemas.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class ElicitationSchemaType extends OpenValue {

	/** Object schema type. */
	public static final ElicitationSchemaType OBJECT = new ElicitationSchemaType("object", true);

	private static final Map<String, ElicitationSchemaType> KNOWN = Map.of(OBJECT.value(), OBJECT);

	private ElicitationSchemaType(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static ElicitationSchemaType of(String value) {
		ElicitationSchemaType known = KNOWN.get(value);
		return (known != null) ? known : new ElicitationSchemaType(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static ElicitationSchemaType custom(String value) {
		return new ElicitationSchemaType(requireCustom(value), false);
	}

}
