package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * Execution status of a tool call. Unknown values are kept verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class ToolCallStatus extends OpenValue {

	/**
	 * The tool call hasn't started running yet because the input is either streaming or
	 * we're awaiting approval.
	 */
	public static final ToolCallStatus PENDING = new ToolCallStatus("pending", true);

	/** The tool call is currently running. */
	public static final ToolCallStatus IN_PROGRESS = new ToolCallStatus("in_progress", true);

	/** The tool call completed successfully. */
	public static final ToolCallStatus COMPLETED = new ToolCallStatus("completed", true);

	/** The tool call failed with an error. */
	public static final ToolCallStatus FAILED = new ToolCallStatus("failed", true);

	private static final Map<String, ToolCallStatus> KNOWN = Map.of(PENDING.value(), PENDING, IN_PROGRESS.value(),
			IN_PROGRESS, COMPLETED.value(), COMPLETED, FAILED.value(), FAILED);

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
