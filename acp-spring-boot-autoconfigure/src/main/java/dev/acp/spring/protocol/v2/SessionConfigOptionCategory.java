package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * Semantic category for a session configuration option. Unknown values are kept verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class SessionConfigOptionCategory extends OpenValue {

	/** Session mode selector. */
	public static final SessionConfigOptionCategory MODE = new SessionConfigOptionCategory("mode", true);

	/** Model selector. */
	public static final SessionConfigOptionCategory MODEL = new SessionConfigOptionCategory("model", true);

	/** Model-related configuration parameter. */
	public static final SessionConfigOptionCategory MODEL_CONFIG = new SessionConfigOptionCategory("model_config",
			true);

	/** Thought/reasoning level selector. */
	public static final SessionConfigOptionCategory THOUGHT_LEVEL = new SessionConfigOptionCategory("thought_level",
			true);

	private static final Map<String, SessionConfigOptionCategory> KNOWN = Map.of(MODE.value(), MODE, MODEL.value(),
			MODEL, MODEL_CONFIG.value(), MODEL_CONFIG, THOUGHT_LEVEL.value(), THOUGHT_LEVEL);

	private SessionConfigOptionCategory(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static SessionConfigOptionCategory of(String value) {
		SessionConfigOptionCategory known = KNOWN.get(value);
		return (known != null) ? known : new SessionConfigOptionCategory(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static SessionConfigOptionCategory custom(String value) {
		return new SessionConfigOptionCategory(requireCustom(value), false);
	}

}
