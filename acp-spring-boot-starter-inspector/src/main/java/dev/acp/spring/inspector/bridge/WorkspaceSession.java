package dev.acp.spring.inspector.bridge;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import dev.acp.spring.client.AcpAgentClient;
import dev.acp.spring.client.AcpAgentSession;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.SessionConfigOption;
import dev.acp.spring.protocol.SessionModeState;
import dev.acp.spring.protocol.SessionUpdate;
import org.jspecify.annotations.Nullable;

/**
 * An agent's session as the client role's file system and terminals see it when the
 * bridge serves them: its id and the workspace as its working directory, to which they
 * confine what the agent reads, writes and runs. The page, not the bridge, is the client
 * of the session: the bridge drives no turn, so every other operation is refused.
 *
 * @param id the session id the agent sent
 * @param cwd the workspace
 * @author ACP Spring Boot Starter contributors
 */
record WorkspaceSession(String id, Path cwd) implements AcpAgentSession {

	@Override
	public AcpAgentClient client() {
		throw pageOnly();
	}

	@Override
	public int protocolVersion() {
		return 1;
	}

	@Override
	public @Nullable SessionModeState modes() {
		throw pageOnly();
	}

	@Override
	public List<SessionConfigOption> configOptions() {
		throw pageOnly();
	}

	@Override
	public PromptResponse prompt(String text, Consumer<SessionUpdate> onUpdate) {
		throw pageOnly();
	}

	@Override
	public PromptResponse prompt(List<ContentBlock> prompt, Consumer<SessionUpdate> onUpdate) {
		throw pageOnly();
	}

	@Override
	public CompletableFuture<PromptResponse> promptAsync(String text, Consumer<SessionUpdate> onUpdate) {
		throw pageOnly();
	}

	@Override
	public CompletableFuture<PromptResponse> promptAsync(List<ContentBlock> prompt, Consumer<SessionUpdate> onUpdate) {
		throw pageOnly();
	}

	@Override
	public void onUpdate(@Nullable Consumer<SessionUpdate> listener) {
		throw pageOnly();
	}

	@Override
	public void cancel() {
		throw pageOnly();
	}

	@Override
	public void setMode(String modeId) {
		throw pageOnly();
	}

	@Override
	public List<SessionConfigOption> setConfigOption(String configId, String valueId) {
		throw pageOnly();
	}

	@Override
	public List<SessionConfigOption> setConfigOption(String configId, boolean value) {
		throw pageOnly();
	}

	@Override
	public void close() {
		throw pageOnly();
	}

	private static UnsupportedOperationException pageOnly() {
		return new UnsupportedOperationException("The inspector's page is the client of the agent's sessions");
	}

}
