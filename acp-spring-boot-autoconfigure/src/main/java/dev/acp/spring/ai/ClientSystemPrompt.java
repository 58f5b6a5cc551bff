package dev.acp.spring.ai;

import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.protocol.SessionSystemPromptCapabilities;
import dev.acp.spring.protocol.SystemPrompt;
import dev.acp.spring.protocol.SystemPromptMode;
import org.jspecify.annotations.Nullable;

/**
 * The system prompt the model gets in a session: the configured one, with the client's
 * {@code systemPrompt} from session setup appended to it or replacing it.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ClientSystemPrompt {

	/** What the bridge serves: the {@code append} and {@code override} modes. */
	static final SessionSystemPromptCapabilities CAPABILITIES = SessionSystemPromptCapabilities.appendAndOverride();

	private ClientSystemPrompt() {
	}

	/**
	 * Check a client's system prompt before the session is set up.
	 * @param prompt the system prompt, or {@code null}
	 * @return the prompt
	 * @throws AcpException ({@code -32602}) for a mode the bridge does not serve, empty
	 * content or a content block other than text
	 */
	static @Nullable SystemPrompt checked(@Nullable SystemPrompt prompt) {
		if (prompt == null) {
			return null;
		}
		if (!CAPABILITIES.supports(prompt.mode())) {
			throw new AcpException(JsonRpcError.INVALID_PARAMS,
					"Invalid params: systemPrompt.mode '" + prompt.mode() + "' is not supported");
		}
		try {
			prompt.text();
		}
		catch (IllegalArgumentException ex) {
			throw new AcpException(JsonRpcError.INVALID_PARAMS, "Invalid params: " + ex.getMessage());
		}
		return prompt;
	}

	/**
	 * The system prompt of a turn.
	 * @param configured the configured system prompt ({@code acp.ai.system-prompt})
	 * @param client the client's system prompt of the session
	 * @return the system prompt, or {@code null} for the chat client's own
	 */
	static @Nullable String of(@Nullable String configured, @Nullable SystemPrompt client) {
		if (client == null) {
			return configured;
		}
		if (SystemPromptMode.OVERRIDE.equals(client.mode()) || configured == null) {
			return client.text();
		}
		return configured + "\n\n" + client.text();
	}

}
