package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * Theme an icon is designed for. Unknown values are kept verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class IconTheme extends OpenValue {

	/** Icon designed for light backgrounds. */
	public static final IconTheme LIGHT = new IconTheme("light", true);

	/** Icon designed for dark backgrounds. */
	public static final IconTheme DARK = new IconTheme("dark", true);

	private static final Map<String, IconTheme> KNOWN = Map.of(LIGHT.value(), LIGHT, DARK.value(), DARK);

	private IconTheme(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static IconTheme of(String value) {
		IconTheme known = KNOWN.get(value);
		return (known != null) ? known : new IconTheme(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static IconTheme custom(String value) {
		return new IconTheme(requireCustom(value), false);
	}

}
