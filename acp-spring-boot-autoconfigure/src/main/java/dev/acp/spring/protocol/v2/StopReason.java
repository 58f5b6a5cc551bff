package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * Why foreground work stopped: the stop reason of an idle state update. Unknown values
 * are kept verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class StopReason extends OpenValue {

	/** The active work ended successfully. */
	public static final StopReason END_TURN = new StopReason("end_turn", true);

	/** The active work ended because the agent reached the maximum number of tokens. */
	public static final StopReason MAX_TOKENS = new StopReason("max_tokens", true);

	/**
	 * The active work ended because the agent reached the maximum number of model
	 * requests for the foreground work.
	 */
	public static final StopReason MAX_TURN_REQUESTS = new StopReason("max_turn_requests", true);

	/** The active work ended because the agent refused to continue. */
	public static final StopReason REFUSAL = new StopReason("refusal", true);

	/**
	 * The user or client chose to stop the work: via {@code session/cancel}, by closing
	 * the session, or through an interaction the agent offers, such as a permission
	 * option that tells the agent to stop.
	 */
	public static final StopReason CANCELLED = new StopReason("cancelled", true);

	/** The active work ended because something failed. */
	public static final StopReason ERROR = new StopReason("error", true);

	private static final Map<String, StopReason> KNOWN = Map.of(END_TURN.value(), END_TURN, MAX_TOKENS.value(),
			MAX_TOKENS, MAX_TURN_REQUESTS.value(), MAX_TURN_REQUESTS, REFUSAL.value(), REFUSAL, CANCELLED.value(),
			CANCELLED, ERROR.value(), ERROR);

	private StopReason(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static StopReason of(String value) {
		StopReason known = KNOWN.get(value);
		return (known != null) ? known : new StopReason(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static StopReason custom(String value) {
		return new StopReason(requireCustom(value), false);
	}

}
