package dev.acp.spring.ai;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.method.AcpClient;
import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.ToolCallStatus;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.ToolKind;
import org.junit.jupiter.api.Test;
import org.mockito.Answers;
import reactor.core.publisher.Flux;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.BDDMockito.willAnswer;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.withSettings;

/**
 * A prompt turn's tool calls when the turn is cancelled.
 *
 * @author ACP Spring Boot Starter contributors
 */
class PromptTurnTests {

	private final List<SessionUpdate> updates = new CopyOnWriteArrayList<>();

	private final PromptTurn turn = new PromptTurn(new AiSession("sess_1", Path.of("/work"), null, List.of()),
			recordingClient(), JsonMapper.builder().build(), 0);

	@Test
	void cancelInterruptsTheThreadRunningAToolAndMarksItsCallFailedBeforeItReturns() throws Exception {
		BlockingTool tool = new BlockingTool();
		CompletableFuture<Object> call = new CompletableFuture<>();
		startCall(tool, call);
		assertThat(tool.started.await(10, TimeUnit.SECONDS)).isTrue();

		this.turn.cancel();

		assertThat(statuses()).as("sent before cancel() returned")
			.containsExactly(ToolCallStatus.PENDING, ToolCallStatus.IN_PROGRESS, ToolCallStatus.FAILED);
		assertThat(tool.interrupted.await(10, TimeUnit.SECONDS)).as("the tool's thread was interrupted").isTrue();
		assertThat(call.get(10, TimeUnit.SECONDS)).as("what the call gave the chat client")
			.isInstanceOf(CancellationException.class);
		assertThat(statuses()).as("nothing after the failed update").hasSize(3);
	}

	@Test
	void aToolStoppedByTheClosingOfTheModelsStreamBeforeCancelMarksItIsStillMarkedFailedBeforeTheTurnAnswers()
			throws Exception {
		BlockingTool tool = new BlockingTool();
		CompletableFuture<Object> call = new CompletableFuture<>();
		Thread runner = startCall(tool, call);
		assertThat(tool.started.await(10, TimeUnit.SECONDS)).isTrue();
		CountDownLatch subscribed = new CountDownLatch(1);
		Flux<ChatResponse> responses = Flux.<ChatResponse>never()
			.doOnSubscribe((subscription) -> subscribed.countDown())
			.doOnCancel(() -> {
				// as Reactor's bounded elastic scheduler does: the tool's thread is
				// interrupted when the stream is closed, and here ends before cancel()
				// goes on
				runner.interrupt();
				joinUninterruptibly(runner);
			});
		CompletableFuture<StopReason> answer = new CompletableFuture<>();
		Thread turnThread = new Thread(() -> {
			try {
				answer.complete(this.turn.run(responses));
			}
			catch (Exception ex) {
				answer.completeExceptionally(ex);
			}
		}, "turn");
		turnThread.start();
		assertThat(subscribed.await(10, TimeUnit.SECONDS)).isTrue();

		this.turn.cancel();

		assertThat(answer.get(10, TimeUnit.SECONDS)).isEqualTo(StopReason.CANCELLED);
		assertThat(call.get(10, TimeUnit.SECONDS)).isInstanceOf(CancellationException.class);
		assertThat(statuses()).as("sent before the turn answered")
			.containsExactly(ToolCallStatus.PENDING, ToolCallStatus.IN_PROGRESS, ToolCallStatus.FAILED);
	}

	/**
	 * Call the tool through the turn's callback on a thread of its own, as the chat
	 * client does; the call completes with what it returned or threw.
	 */
	private Thread startCall(SessionTool tool, CompletableFuture<Object> call) {
		ToolCallback callback = this.turn.callbacks(List.of(tool)).get(0);
		Thread runner = new Thread(() -> {
			try {
				call.complete(callback.call("{}"));
			}
			catch (RuntimeException ex) {
				call.complete(ex);
			}
		}, "tool-runner");
		runner.start();
		return runner;
	}

	private static void joinUninterruptibly(Thread thread) {
		try {
			thread.join(TimeUnit.SECONDS.toMillis(10));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private AcpClient recordingClient() {
		AcpClient client = mock(AcpClient.class, withSettings().defaultAnswer(Answers.CALLS_REAL_METHODS));
		willAnswer((invocation) -> {
			if (invocation.getArgument(1) instanceof SessionNotification notification) {
				this.updates.add(notification.update());
			}
			return null;
		}).given(client).notify(anyString(), any());
		return client;
	}

	private List<ToolCallStatus> statuses() {
		return this.updates.stream().map((update) -> {
			if (update instanceof SessionUpdate.ToolCall toolCall) {
				return toolCall.status();
			}
			return ((ToolCallUpdate) update).status();
		}).toList();
	}

	static final class BlockingTool extends SessionTool {

		final CountDownLatch started = new CountDownLatch(1);

		final CountDownLatch interrupted = new CountDownLatch(1);

		private final CountDownLatch release = new CountDownLatch(1);

		@Override
		ToolDefinition definition() {
			return ToolDefinition.builder().name("wait").description("Waits").inputSchema("{}").build();
		}

		@Override
		ToolKind kind() {
			return ToolKind.OTHER;
		}

		@Override
		boolean asksPermission() {
			return false;
		}

		@Override
		ToolOutcome run(String rawInput, JsonNode input, ToolRun run) throws Exception {
			this.started.countDown();
			try {
				return ToolOutcome.text(this.release.await(60, TimeUnit.SECONDS) ? "released" : "not released");
			}
			catch (InterruptedException ex) {
				this.interrupted.countDown();
				throw ex;
			}
		}

	}

}
