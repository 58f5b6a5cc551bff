package dev.acp.spring.client;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.SessionConfigOption;
import dev.acp.spring.protocol.SessionModeState;
import dev.acp.spring.protocol.SessionUpdate;
import org.jspecify.annotations.Nullable;

/**
 * One session on an agent: prompt turns, cancellation, modes and configuration options.
 * The {@code session/update}s of a session are delivered one at a time, in arrival order,
 * on a thread of the connection: a listener must not block on the session (call
 * {@link #promptAsync} from it, not {@link #prompt}).
 *
 * @author ACP Spring Boot Starter contributors
 */
public interface AcpAgentSession {

	/**
	 * The session id the agent gave.
	 * @return the id
	 */
	String id();

	/**
	 * The working directory of the session; what the agent reads, writes and runs through
	 * this application is confined to it.
	 * @return the absolute directory
	 */
	Path cwd();

	/**
	 * The client the session belongs to.
	 * @return the client
	 */
	AcpAgentClient client();

	/**
	 * The ACP protocol version of the connection the session lives on: 1, or 2 (Preview)
	 * when the agent offered it. The API is the same in both: a v2 agent's updates,
	 * permission requests and turn end arrive in the v1 model.
	 * @return the version
	 */
	default int protocolVersion() {
		return client().protocolVersion();
	}

	/**
	 * The modes the agent offered, kept current by {@code current_mode_update}.
	 * @return the modes, or {@code null} when the agent offers none
	 */
	@Nullable SessionModeState modes();

	/**
	 * The configuration options the agent offered, kept current by
	 * {@code config_option_update} and {@link #setConfigOption}.
	 * @return the options, empty when the agent offers none
	 */
	List<SessionConfigOption> configOptions();

	/**
	 * Run a prompt turn with a text prompt, delivering each {@code session/update} to
	 * {@code onUpdate} as it arrives, and all of them before this method returns.
	 * @param text the prompt
	 * @param onUpdate receives the updates of the turn
	 * @return the agent's answer (the stop reason)
	 * @throws AcpAgentClientException if the turn failed
	 */
	PromptResponse prompt(String text, Consumer<SessionUpdate> onUpdate);

	/**
	 * Run a prompt turn (see {@link #prompt(String, Consumer)}).
	 * @param prompt the content blocks of the prompt
	 * @param onUpdate receives the updates of the turn
	 * @return the agent's answer
	 */
	PromptResponse prompt(List<ContentBlock> prompt, Consumer<SessionUpdate> onUpdate);

	/**
	 * Start a prompt turn; the future completes after every update of the turn was
	 * delivered, on a thread where blocking is allowed.
	 * @param text the prompt
	 * @param onUpdate receives the updates of the turn
	 * @return the agent's answer
	 */
	CompletableFuture<PromptResponse> promptAsync(String text, Consumer<SessionUpdate> onUpdate);

	/**
	 * Start a prompt turn (see {@link #promptAsync(String, Consumer)}).
	 * @param prompt the content blocks of the prompt
	 * @param onUpdate receives the updates of the turn
	 * @return the agent's answer
	 */
	CompletableFuture<PromptResponse> promptAsync(List<ContentBlock> prompt, Consumer<SessionUpdate> onUpdate);

	/**
	 * Receive the updates sent outside a prompt turn (for example the commands the agent
	 * makes available); updates that arrived before a listener was set are kept (up to a
	 * bound) and delivered to the next listener.
	 * @param listener the listener, or {@code null} to keep updates for the next one
	 */
	void onUpdate(@Nullable Consumer<SessionUpdate> listener);

	/**
	 * Ask the agent to stop the running turn ({@code session/cancel}); the turn then
	 * answers {@code stopReason: "cancelled"}. The agent's permission requests of this
	 * session that the policy is still deciding are answered {@code cancelled} at once
	 * (the policy's later decision is dropped).
	 */
	void cancel();

	/**
	 * Switch the session to one of its modes ({@code session/set_mode}).
	 * @param modeId the mode
	 */
	void setMode(String modeId);

	/**
	 * Set a select configuration option ({@code session/set_config_option}).
	 * @param configId the option
	 * @param valueId the value
	 * @return the options as the agent now has them
	 */
	List<SessionConfigOption> setConfigOption(String configId, String valueId);

	/**
	 * Set a boolean configuration option ({@code session/set_config_option}).
	 * @param configId the option
	 * @param value the value
	 * @return the options as the agent now has them
	 */
	List<SessionConfigOption> setConfigOption(String configId, boolean value);

	/**
	 * Stop serving this session: its terminals are killed, and the agent is sent
	 * {@code session/close} when it advertises it.
	 */
	void close();

}
