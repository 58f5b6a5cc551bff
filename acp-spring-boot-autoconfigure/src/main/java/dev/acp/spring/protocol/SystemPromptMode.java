package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * How an agent combines a client-provided system prompt with its own instructions.
 * Unknown values are kept verbatim; an agent rejects a mode it does not support.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class SystemPromptMode extends OpenValue {

	/** Add the content to the agent's own instructions. */
	public static final SystemPromptMode APPEND = new SystemPromptMode("append", true);

	/** Replace the agent's built-in default instructions with the content. */
	public static final SystemPromptMode OVERRIDE = new SystemPromptMode("override", true);

	private static final Map<String, SystemPromptMode> KNOWN = Map.of(APPEND.value(), APPEND, OVERRIDE.value(),
			OVERRIDE);

	private SystemPromptMode(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static SystemPromptMode of(String value) {
		SystemPromptMode known = KNOWN.get(value);
		return (known != null) ? known : new SystemPromptMode(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static SystemPromptMode custom(String value) {
		return new SystemPromptMode(requireCustom(value), false);
	}

}
