package dev.acp.spring.client;

import java.util.concurrent.CompletableFuture;

import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.v2.StateUpdate;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * One prompt turn on a v2 connection: {@code session/prompt} is only acknowledged (with
 * the {@code messageId} of the inserted prompt); the turn ends with the
 * {@code state_update} {@code idle} that follows, whose stop reason is the v1 answer
 * ({@code end_turn} when the agent reports none). An {@code idle} with an {@code error}
 * fails the turn as a v1 error answer would ({@link AcpAgentErrorException}). An
 * {@code idle} before the acknowledgement ends the turn only when the agent reported
 * {@code running} or {@code requires_action} since the prompt was sent (else it is the
 * state the session was in before), and then once the acknowledgement arrives.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class V2Turn {

	private final String agent;

	private final CompletableFuture<PromptResponse> result = new CompletableFuture<>();

	private boolean acknowledged;

	private boolean started;

	private StateUpdate.@Nullable Idle pendingEnd;

	V2Turn(String agent) {
		this.agent = agent;
	}

	/**
	 * The answer of the turn, completed by its end.
	 * @return the answer
	 */
	CompletableFuture<PromptResponse> result() {
		return this.result;
	}

	/**
	 * The agent acknowledged the prompt.
	 */
	synchronized void acknowledged() {
		this.acknowledged = true;
		if (this.pendingEnd != null) {
			end(this.pendingEnd);
		}
	}

	/**
	 * A {@code state_update} of the session arrived.
	 * @param state the state
	 */
	synchronized void state(StateUpdate state) {
		if (!(state instanceof StateUpdate.Idle idle)) {
			this.started = true;
		}
		else if (this.acknowledged) {
			end(idle);
		}
		else if (this.started) {
			this.pendingEnd = idle;
		}
	}

	/**
	 * The turn failed (its prompt was refused, the connection closed).
	 * @param failure the failure
	 */
	void fail(Throwable failure) {
		this.result.completeExceptionally(failure);
	}

	private void end(StateUpdate.Idle idle) {
		JsonNode error = idle.error();
		if (error != null && !error.isNull()) {
			this.result.completeExceptionally(new AcpAgentErrorException(this.agent, AcpMethods.SESSION_PROMPT,
					new JsonRpcError(error.path("code").asInt(JsonRpcError.INTERNAL_ERROR),
							error.path("message").asString("The turn failed"), error.get("data"))));
			return;
		}
		StopReason stopReason = (idle.stopReason() != null) ? StopReason.of(idle.stopReason().value())
				: StopReason.END_TURN;
		this.result.complete(new PromptResponse(stopReason, idle.meta()));
	}

}
