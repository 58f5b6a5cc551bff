package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * Execution status of a tool call. Unknown values are kept verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class ToolCallStatus extends OpenValue {

	/**
	 * The tool call hasn't started running yet, for example because its input is
	 * streaming, it is awaiting approval, or it is scheduled to run later.
	 */
	public static final ToolCallStatus PENDING = new ToolCallStatus("pending", true);

	/** The tool call is currently running. */
	public static final ToolCallStatus IN_PROGRESS = new ToolCallStatus("in_progress", true);

	/**
	 * The tool call has started, is not running now, and will not continue until
	 * something resumes it.
	 */
	public static final ToolCallStatus PAUSED = new ToolCallStatus("paused", true);

	/** The tool call completed successfully. */
	public static final ToolCallStatus COMPLETED = new ToolCallStatus("completed", true);

	/** The tool call failed with an error. */
	public static final ToolCallStatus FAILED = new ToolCallStatus("failed", true);

	/** The tool call was cancelled before it completed. */
	public static final ToolCallStatus CANCELLED = new ToolCallStatus("cancelled", true);

	private static final Map<String, ToolCallStatus> KNOWN = Map.of(PENDING.value(), PENDING, IN_PROGRESS.value(),
			IN_PROGRESS, PAUSED.value(), PAUSED, COMPLETED.value(), COMPLETED, FAILED.value(), FAILED,
			CANCELLED.value(), CANCELLED);

	private ToolCallStatus(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static ToolCallStatus of(String value) {
		ToolCallStatus known = KNOWN.get(value);
		return (known != null) ? known : new ToolCallStatus(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static ToolCallStatus custom(String value) {
		return new ToolCallStatus(requireCustom(value), false);
	}

}
