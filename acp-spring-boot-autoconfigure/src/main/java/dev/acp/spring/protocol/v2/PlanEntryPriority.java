package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * Priority levels for plan entries. Unknown values are kept verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class PlanEntryPriority extends OpenValue {

	/** High priority task - critical to the overall goal. */
	public static final PlanEntryPriority HIGH = new PlanEntryPriority("high", true);

	/** Medium priority task - important but not critical. */
	public static final PlanEntryPriority MEDIUM = new PlanEntryPriority("medium", true);

	/** Low priority task - nice to have but not essential. */
	public static final PlanEntryPriority LOW = new PlanEntryPriority("low", true);

	private static final Map<String, PlanEntryPriority> KNOWN = Map.of(HIGH.value(), HIGH, MEDIUM.value(), MEDIUM,
			LOW.value(), LOW);

	private PlanEntryPriority(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static PlanEntryPriority of(String value) {
		PlanEntryPriority known = KNOWN.get(value);
		return (known != null) ? known : new PlanEntryPriority(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static PlanEntryPriority custom(String value) {
		return new PlanEntryPriority(requireCustom(value), false);
	}

}
