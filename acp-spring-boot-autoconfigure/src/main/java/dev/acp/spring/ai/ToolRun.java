package dev.acp.spring.ai;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import dev.acp.spring.method.AcpClient;
import dev.acp.spring.protocol.ToolCallContent;
import org.jspecify.annotations.Nullable;

import org.springframework.ai.chat.model.ToolContext;

/**
 * What a running tool may use: the session, the client, and a way to show progress.
 *
 * @author ACP Spring Boot Starter contributors
 */
interface ToolRun {

	String sessionId();

	Path cwd();

	AcpClient client();

	boolean canReadFiles();

	/**
	 * The tool context the chat client passed, if any.
	 * @return the context
	 */
	@Nullable ToolContext toolContext();

	/**
	 * Show content of the running tool call (a terminal, say) before it completes.
	 * @param content the content
	 */
	void show(List<ToolCallContent> content);

	/**
	 * Wait for a call to the client, giving it up when the turn is cancelled.
	 * @param <T> the result type
	 * @param call the call
	 * @return its result
	 * @throws Exception when it failed or the turn was cancelled
	 */
	<T> T await(CompletableFuture<T> call) throws Exception;

}
