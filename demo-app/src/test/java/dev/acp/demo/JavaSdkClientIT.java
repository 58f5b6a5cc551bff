/*
 * Copyright 2026 the original author or authors.
 */

package dev.acp.demo;

import java.net.URI;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import com.agentclientprotocol.sdk.client.AcpClient;
import com.agentclientprotocol.sdk.client.AcpSyncClient;
import com.agentclientprotocol.sdk.client.transport.AgentParameters;
import com.agentclientprotocol.sdk.client.transport.StdioAcpClientTransport;
import com.agentclientprotocol.sdk.client.transport.WebSocketAcpClientTransport;
import com.agentclientprotocol.sdk.json.AcpJsonMapper;
import com.agentclientprotocol.sdk.json.TypeRef;
import com.agentclientprotocol.sdk.spec.AcpClientSession;
import com.agentclientprotocol.sdk.spec.AcpClientTransport;
import com.agentclientprotocol.sdk.spec.AcpSchema;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The official ACP Java SDK's client ({@code com.agentclientprotocol:acp-core}) as a peer
 * of the demo agent (DESIGN §9), over stdio (the SDK spawns the demo jar) and WebSocket.
 * The SDK's typed client covers initialize, sessions, prompts and cancel; extension
 * methods go through its {@link AcpClientSession}, as the typed client has no generic
 * request.
 */
class JavaSdkClientIT {

	private static final Duration TIMEOUT = Duration.ofSeconds(60);

	private static final String ADVERTISED_META = """
			{"example.com/analytics": {"version":"1.0","methods":["_example.com/analytics/summary"],
			 "notifications":["_example.com/analytics/event"],"events":["tool_execution","model_call"]},
			 "demo.acp": {"version":"1.0","methods":["_demo.acp/echo"]}}""";

	@Test
	void sdkClientOverStdioRunsTheDemoTurnsAndCancelsAWaitingOne() throws Exception {
		runTurns(JavaSdkClientIT::stdio);
	}

	@Test
	void sdkClientSessionOverStdioCallsTheDemoExtensions() throws Exception {
		runExtensions(stdio());
	}

	@Test
	void sdkClientOverWebSocketRunsTheDemoTurnsAndCancelsAWaitingOne() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.transport=websocket", "--server.port=0")) {
			int port = agent.port(TIMEOUT);
			runTurns(() -> webSocket(port));
		}
	}

	@Test
	void sdkClientSessionOverWebSocketCallsTheDemoExtensions() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.transport=websocket", "--server.port=0")) {
			runExtensions(webSocket(agent.port(TIMEOUT)));
		}
	}

	private static AcpClientTransport stdio() {
		String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
		return new StdioAcpClientTransport(AgentParameters.builder(java)
			.args("-jar", DemoAgentProcess.demoJar().toAbsolutePath().toString())
			.build());
	}

	private static WebSocketAcpClientTransport webSocket(int port) {
		return new WebSocketAcpClientTransport(URI.create("ws://127.0.0.1:" + port + "/acp"),
				AcpJsonMapper.createDefault());
	}

	/**
	 * initialize with the exact advertisement, session/new, a prompt echoed by one chunk
	 * then end_turn, and session/cancel while the {@code tool} prompt waits on the
	 * permission request: the turn ends {@code cancelled}.
	 */
	private static void runTurns(Supplier<AcpClientTransport> transport) throws Exception {
		BlockingQueue<AcpSchema.SessionNotification> updates = new LinkedBlockingQueue<>();
		CountDownLatch permissionAsked = new CountDownLatch(1);
		CountDownLatch turnEnded = new CountDownLatch(1);
		AcpSyncClient client = AcpClient.sync(transport.get())
			.requestTimeout(TIMEOUT)
			.sessionUpdateConsumer(updates::add)
			.requestPermissionHandler((request) -> {
				// answer "allow" only once the turn is over: a turn that ignored the
				// cancel would go on to edit and end with end_turn
				permissionAsked.countDown();
				await(turnEnded);
				return new AcpSchema.RequestPermissionResponse(new AcpSchema.PermissionSelected("allow"));
			})
			.build();
		try {
			AcpSchema.InitializeResponse initialized = client
				.initialize(new AcpSchema.InitializeRequest(1, new AcpSchema.ClientCapabilities()));
			assertThat(initialized.protocolVersion()).isEqualTo(1);
			assertThat(initialized.agentInfo().name()).isEqualTo("acp-demo");
			// the demo's advertisement exactly, beside the starter's own key (its health
			// extension)
			Map<String, Object> advertised = new HashMap<>(initialized.agentCapabilities().meta());
			assertThat(advertised.remove("acp-spring-boot")).isNotNull();
			assertThat(json(advertised)).isEqualTo(DemoAgentProcess.mapper.readTree(ADVERTISED_META));

			String sessionId = client.newSession(new AcpSchema.NewSessionRequest("/tmp", List.of())).sessionId();
			assertThat(sessionId).startsWith("sess_");

			AcpSchema.PromptResponse echoed = client.prompt(new AcpSchema.PromptRequest(sessionId,
					List.of(new AcpSchema.TextContent("hello from the Java SDK"))));
			assertThat(echoed.stopReason()).isEqualTo(AcpSchema.StopReason.END_TURN);
			AcpSchema.SessionNotification chunk = updates.poll(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
			assertThat(chunk).isNotNull();
			assertThat(chunk.sessionId()).isEqualTo(sessionId);
			assertThat(chunk.update()).isInstanceOfSatisfying(AcpSchema.AgentMessageChunk.class,
					(message) -> assertThat(message.content()).isInstanceOfSatisfying(AcpSchema.TextContent.class,
							(text) -> assertThat(text.text()).isEqualTo("hello from the Java SDK")));
			assertThat(updates).isEmpty();

			CompletableFuture<AcpSchema.PromptResponse> waiting = CompletableFuture.supplyAsync(() -> client
				.prompt(new AcpSchema.PromptRequest(sessionId, List.of(new AcpSchema.TextContent("tool")))));
			assertThat(permissionAsked.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
			client.cancel(new AcpSchema.CancelNotification(sessionId));
			assertThat(waiting.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).stopReason())
				.isEqualTo(AcpSchema.StopReason.CANCELLED);
		}
		finally {
			turnEnded.countDown();
			client.closeGracefully();
		}
	}

	/**
	 * {@code _demo.acp/echo} echoes its params ({@code _meta} included), and
	 * {@code _example.com/analytics/summary} counts an
	 * {@code _example.com/analytics/event} notification sent before it.
	 */
	private static void runExtensions(AcpClientTransport transport) throws Exception {
		AcpClientSession session = new AcpClientSession(TIMEOUT, transport, Map.of(), Map.of(), (connect) -> connect);
		try {
			Map<String, Object> initialized = session.sendRequest(AcpSchema.METHOD_INITIALIZE,
					new AcpSchema.InitializeRequest(1, new AcpSchema.ClientCapabilities()),
					new TypeRef<Map<String, Object>>() {
					})
				.block(TIMEOUT);
			assertThat(initialized).containsEntry("protocolVersion", 1);

			Map<String, Object> params = Map.of("text", "hi", "n", 2, "_meta", Map.of("trace", "t-1"));
			Map<String, Object> echo = session
				.sendRequest("_demo.acp/echo", params, new TypeRef<Map<String, Object>>() {
				})
				.block(TIMEOUT);
			assertThat(json(echo)).isEqualTo(json(Map.of("params", params)));

			String sessionId = "sess_java_sdk_peer";
			session
				.sendNotification("_example.com/analytics/event",
						Map.of("event", "tool_execution", "data", Map.of("tool", "edit_file"), "sessionId", sessionId))
				.block(TIMEOUT);
			Map<String, Object> summary = session.sendRequest("_example.com/analytics/summary",
					Map.of("sessionId", sessionId), new TypeRef<Map<String, Object>>() {
					})
				.block(TIMEOUT);
			assertThat(json(summary)).isEqualTo(json(Map.of("total", 1, "byEvent", Map.of("tool_execution", 1))));
		}
		finally {
			session.closeGracefully().block(TIMEOUT);
		}
	}

	private static tools.jackson.databind.JsonNode json(Object value) {
		return DemoAgentProcess.mapper.valueToTree(value);
	}

	private static void await(CountDownLatch latch) {
		try {
			latch.await(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
