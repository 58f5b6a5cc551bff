package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * Text patch format used by {@code DiffPatch}. Unknown values are kept verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class DiffPatchFormat extends OpenValue {

	/**
	 * One or more {@code diff --git} sections in Git's {@code --patch} ({@code -p}) text
	 * format.
	 */
	public static final DiffPatchFormat GIT_PATCH = new DiffPatchFormat("git_patch", true);

	private static final Map<String, DiffPatchFormat> KNOWN = Map.of(GIT_PATCH.value(), GIT_PATCH);

	private DiffPatchFormat(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static DiffPatchFormat of(String value) {
		DiffPatchFormat known = KNOWN.get(value);
		return (known != null) ? known : new DiffPatchFormat(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static DiffPatchFormat custom(String value) {
		return new DiffPatchFormat(requireCustom(value), false);
	}

}
