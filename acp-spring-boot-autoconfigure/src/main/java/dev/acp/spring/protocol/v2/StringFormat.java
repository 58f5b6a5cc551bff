package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * String format types for string properties in elicitation schemas. Unknown values are
 * kept verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class StringFormat extends OpenValue {

	/** Email address format. */
	public static final StringFormat EMAIL = new StringFormat("email", true);

	/** URI format. */
	public static final StringFormat URI = new StringFormat("uri", true);

	/** Date format (YYYY-MM-DD). */
	public static final StringFormat DATE = new StringFormat("date", true);

	/** Date-time format (RFC 3339). */
	public static final StringFormat DATE_TIME = new StringFormat("date-time", true);

	private static final Map<String, StringFormat> KNOWN = Map.of(EMAIL.value(), EMAIL, URI.value(), URI, DATE.value(),
			DATE, DATE_TIME.value(), DATE_TIME);

	private StringFormat(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static StringFormat of(String value) {
		StringFormat known = KNOWN.get(value);
		return (known != null) ? known : new StringFormat(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static StringFormat custom(String value) {
		return new StringFormat(requireCustom(value), false);
	}

}
