package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * Why an agent stopped processing a prompt turn. Unknown values are kept verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class StopReason extends OpenValue {

	public static final StopReason END_TURN = new StopReason("end_turn", true);

	public static final StopReason MAX_TOKENS = new StopReason("max_tokens", true);

	public static final StopReason MAX_TURN_REQUESTS = new StopReason("max_turn_requests", true);

	public static final StopReason REFUSAL = new StopReason("refusal", true);

	public static final StopReason CANCELLED = new StopReason("cancelled", true);

	private static final Map<String, StopReason> KNOWN = Map.of(END_TURN.value(), END_TURN, MAX_TOKENS.value(),
			MAX_TOKENS, MAX_TURN_REQUESTS.value(), MAX_TURN_REQUESTS, REFUSAL.value(), REFUSAL, CANCELLED.value(),
			CANCELLED);

	private StopReason(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The stop reason for a wire value, known or not.
	 * @param value the value
	 * @return the stop reason
	 */
	@JsonCreator
	public static StopReason of(String value) {
		StopReason known = KNOWN.get(value);
		return (known != null) ? known : new StopReason(value, false);
	}

	/**
	 * A custom stop reason.
	 * @param value the value, starting with {@code _}
	 * @return the stop reason
	 */
	public static StopReason custom(String value) {
		return new StopReason(requireCustom(value), false);
	}

}
