package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * Severity hint for a session notice. Unknown values are kept verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class NoticeSeverity extends OpenValue {

	/** Informational notice. */
	public static final NoticeSeverity INFO = new NoticeSeverity("info", true);

	/** Warning notice. */
	public static final NoticeSeverity WARNING = new NoticeSeverity("warning", true);

	/** Error notice. */
	public static final NoticeSeverity ERROR = new NoticeSeverity("error", true);

	private static final Map<String, NoticeSeverity> KNOWN = Map.of(INFO.value(), INFO, WARNING.value(), WARNING,
			ERROR.value(), ERROR);

	private NoticeSeverity(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static NoticeSeverity of(String value) {
		NoticeSeverity known = KNOWN.get(value);
		return (known != null) ? known : new NoticeSeverity(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static NoticeSeverity custom(String value) {
		return new NoticeSeverity(requireCustom(value), false);
	}

}
