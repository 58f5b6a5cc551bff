package dev.acp.spring.test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.acp.spring.method.AcpClientCapabilityException;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.FileSystemCapabilities;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.StopReason;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests of handlers without an application context: a standalone agent, and the request
 * context a unit test passes to one handler method.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpTestClientStandaloneTests {

	@Test
	void standaloneAgentServesTheGivenHandlers() {
		try (AcpTestClient client = AcpTestClient.standalone(new SampleAgent())) {
			assertThat(client.initialize().agentCapabilities().meta()).containsKey("sample.test");
			client.notify("_sample.test/event", Map.of("name", "e"));
			assertThat(client.call("_sample.test/count", Map.of("atLeast", 1))).hasResult("{\"count\":1}");
			assertThat(client.call("_sample.test/count", Map.of())).failsWith(-32602);
		}
	}

	@Test
	void aHandlerMethodCalledDirectlyReachesTheTestClient() throws Exception {
		try (AcpTestClient client = AcpTestClient.standalone()) {
			client.onReadTextFile((request) -> new ReadTextFileResponse("hello", null, null));
			client.initialize(
					new ClientCapabilities(new FileSystemCapabilities(true, null, null), null, null, null, null, null));
			PromptRequest request = new PromptRequest("sess_1", List.of(new ContentBlock.Text("read")), null);
			AcpRequestContext context = client.requestContext("session/prompt", request);
			assertThat(new SampleAgent().prompt(request, context).stopReason()).isEqualTo(StopReason.END_TURN);
			assertThat(client.agentMessageText("sess_1")).isEqualTo("hello");
			assertThat(context.isNotification()).isFalse();
			assertThat(context.requestId()).isNotNull();
		}
	}

	@Test
	void theRequestContextsClientChecksTheAdvertisedCapabilities() {
		try (AcpTestClient client = AcpTestClient.standalone()) {
			client.initialize();
			PromptRequest request = new PromptRequest("sess_1", List.of(new ContentBlock.Text("read")), null);
			AcpRequestContext context = client.requestContext("session/prompt", request);
			assertThatExceptionOfType(AcpClientCapabilityException.class)
				.isThrownBy(() -> new SampleAgent().prompt(request, context));
		}
	}

	@Test
	void aRequestContextIsCancelledWhenItsCancellationCompletes() {
		try (AcpTestClient client = AcpTestClient.standalone()) {
			CompletableFuture<Void> cancellation = new CompletableFuture<>();
			AcpRequestContext context = client.requestContext("session/prompt", Map.of("sessionId", "s"), cancellation);
			AtomicBoolean told = new AtomicBoolean();
			context.onCancel(() -> told.set(true));
			assertThat(context.isCancelled()).isFalse();
			cancellation.complete(null);
			assertThat(context.isCancelled()).isTrue();
			assertThat(told).isTrue();
		}
	}

	@Test
	void aNotificationContextIsANotification() {
		try (AcpTestClient client = AcpTestClient.standalone()) {
			AcpRequestContext context = client.notificationContext("_sample.test/event",
					Map.of("name", "e", "_meta", Map.of("k", "v")));
			assertThat(context.isNotification()).isTrue();
			assertThat(context.requestId()).isNull();
			assertThat(context.meta()).containsEntry("k", "v");
			assertThat(context.isCancelled()).isFalse();
		}
	}

}
