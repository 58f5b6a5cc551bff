package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * The type of permission option being presented to the user. Unknown values are kept
 * verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class PermissionOptionKind extends OpenValue {

	/** Allow this operation only this time. */
	public static final PermissionOptionKind ALLOW_ONCE = new PermissionOptionKind("allow_once", true);

	/** Allow this operation and remember the choice. */
	public static final PermissionOptionKind ALLOW_ALWAYS = new PermissionOptionKind("allow_always", true);

	/** Reject this operation only this time. */
	public static final PermissionOptionKind REJECT_ONCE = new PermissionOptionKind("reject_once", true);

	/** Reject this operation and remember the choice. */
	public static final PermissionOptionKind REJECT_ALWAYS = new PermissionOptionKind("reject_always", true);

	private static final Map<String, PermissionOptionKind> KNOWN = Map.of(ALLOW_ONCE.value(), ALLOW_ONCE,
			ALLOW_ALWAYS.value(), ALLOW_ALWAYS, REJECT_ONCE.value(), REJECT_ONCE, REJECT_ALWAYS.value(), REJECT_ALWAYS);

	private PermissionOptionKind(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static PermissionOptionKind of(String value) {
		PermissionOptionKind known = KNOWN.get(value);
		return (known != null) ? known : new PermissionOptionKind(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static PermissionOptionKind custom(String value) {
		return new PermissionOptionKind(requireCustom(value), false);
	}

}
