package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * Lifecycle state of a context compaction. Unknown values are kept verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class CompactionStatus extends OpenValue {

	/** Compaction has started and has not finished. */
	public static final CompactionStatus IN_PROGRESS = new CompactionStatus("in_progress", true);

	/** Compaction finished successfully. */
	public static final CompactionStatus COMPLETED = new CompactionStatus("completed", true);

	/** Compaction finished unsuccessfully. */
	public static final CompactionStatus FAILED = new CompactionStatus("failed", true);

	/** Compaction was cancelled before it finished. */
	public static final CompactionStatus CANCELLED = new CompactionStatus("cancelled", true);

	private static final Map<String, CompactionStatus> KNOWN = Map.of(IN_PROGRESS.value(), IN_PROGRESS,
			COMPLETED.value(), COMPLETED, FAILED.value(), FAILED, CANCELLED.value(), CANCELLED);

	private CompactionStatus(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static CompactionStatus of(String value) {
		CompactionStatus known = KNOWN.get(value);
		return (known != null) ? known : new CompactionStatus(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static CompactionStatus custom(String value) {
		return new CompactionStatus(requireCustom(value), false);
	}

}
