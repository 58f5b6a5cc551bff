package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * Status of a plan entry in the execution flow. Unknown values are kept verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class PlanEntryStatus extends OpenValue {

	/** The task has not started yet. */
	public static final PlanEntryStatus PENDING = new PlanEntryStatus("pending", true);

	/** The task is currently being worked on. */
	public static final PlanEntryStatus IN_PROGRESS = new PlanEntryStatus("in_progress", true);

	/** The task has been successfully completed. */
	public static final PlanEntryStatus COMPLETED = new PlanEntryStatus("completed", true);

	/** The task was cancelled before it completed. */
	public static final PlanEntryStatus CANCELLED = new PlanEntryStatus("cancelled", true);

	private static final Map<String, PlanEntryStatus> KNOWN = Map.of(PENDING.value(), PENDING, IN_PROGRESS.value(),
			IN_PROGRESS, COMPLETED.value(), COMPLETED, CANCELLED.value(), CANCELLED);

	private PlanEntryStatus(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static PlanEntryStatus of(String value) {
		PlanEntryStatus known = KNOWN.get(value);
		return (known != null) ? known : new PlanEntryStatus(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static PlanEntryStatus custom(String value) {
		return new PlanEntryStatus(requireCustom(value), false);
	}

}
