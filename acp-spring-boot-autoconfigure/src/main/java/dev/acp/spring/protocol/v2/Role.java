package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * The sender or recipient of messages and data in a conversation. Unknown values are kept
 * verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class Role extends OpenValue {

	/** The assistant side of a conversation. */
	public static final Role ASSISTANT = new Role("assistant", true);

	/** The user side of a conversation. */
	public static final Role USER = new Role("user", true);

	private static final Map<String, Role> KNOWN = Map.of(ASSISTANT.value(), ASSISTANT, USER.value(), USER);

	private Role(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static Role of(String value) {
		Role known = KNOWN.get(value);
		return (known != null) ? known : new Role(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static Role custom(String value) {
		return new Role(requireCustom(value), false);
	}

}
