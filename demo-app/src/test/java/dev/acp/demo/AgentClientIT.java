package dev.acp.demo;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.acp.spring.client.AcpAgentCapabilityException;
import dev.acp.spring.client.AcpAgentClient;
import dev.acp.spring.client.AcpAgentClientException;
import dev.acp.spring.client.AcpAgentSession;
import dev.acp.spring.client.AcpClientTerminals;
import dev.acp.spring.client.AcpPermissionPolicy;
import dev.acp.spring.protocol.AuthMethod;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.Implementation;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.WriteTextFileRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The starter's client ({@link AcpAgentClient}) driving agents nobody here wrote (the
 * official TypeScript SDK's reference agent, an ACP v2 agent on that SDK's experimental
 * v2 API ({@code interop/v2-agent}), the official Java SDK 0.14 agent, and a published
 * agent from the npm registry, pi-acp 0.0.34, for its handshake, all spawned over stdio,
 * and the TypeScript SDK's server over Streamable HTTP) and our demo over stdio,
 * WebSocket and Streamable HTTP, with one turn in which the agent reads a file, asks
 * permission, writes a file and runs a terminal.
 */
class AgentClientIT {

	private static final Pattern STARTED = Pattern.compile("Tomcat started on port (\\d+)");

	@TempDir
	Path directory;

	private final List<AcpAgentClient> clients = new ArrayList<>();

	@AfterEach
	void close() {
		this.clients.forEach(AcpAgentClient::close);
	}

	private AcpAgentClient spawn(String name, AcpPermissionPolicy policy, String command, String... args) {
		return spawn(2, name, policy, command, args);
	}

	/**
	 * Spawn an agent, asking for a protocol version: the client's file system and
	 * terminals are v1's (v2 has none), so a turn that uses them asks for 1 of the demo,
	 * which serves both.
	 */
	private AcpAgentClient spawn(int protocolVersion, String name, AcpPermissionPolicy policy, String command,
			String... args) {
		AcpAgentClient client = AcpAgentClient.builder()
			.name(name)
			.command(command, args)
			.clientInfo(new Implementation("agent-client-it", "1.0"))
			.permissionPolicy(policy)
			.protocolVersion(protocolVersion)
			.build();
		this.clients.add(client);
		return client;
	}

	/** The demo jar started with the JVM flags the other end-to-end tests give it. */
	private static String[] demoArguments() {
		List<String> arguments = new ArrayList<>(DemoAgentProcess.FAST_START_FLAGS);
		arguments.add("-jar");
		arguments.add(demoJar());
		return arguments.toArray(String[]::new);
	}

	private static String java() {
		return Paths.get(System.getProperty("java.home"), "bin", "java").toString();
	}

	private static String demoJar() {
		return System.getProperty("acp.demo.jar", "target/acp-demo.jar");
	}

	private static String messageText(List<SessionUpdate> updates) {
		StringBuilder text = new StringBuilder();
		for (SessionUpdate update : updates) {
			if (update instanceof SessionUpdate.AgentMessageChunk chunk
					&& chunk.content() instanceof ContentBlock.Text t) {
				text.append(t.text());
			}
		}
		return text.toString();
	}

	private static void echoTurn(AcpAgentSession session) {
		List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
		PromptResponse response = session.prompt("hello from a Spring client", updates::add);
		assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(messageText(updates)).isEqualTo("hello from a Spring client");
	}

	@Test
	void drivesTheTypeScriptSdkReferenceAgentOverStdio() {
		AcpAgentClient client = spawn("ts-reference", AcpPermissionPolicy.REJECT, "node",
				System.getProperty("acp.ts-agent", "../bench/reference/ts-agent/agent.mjs"));
		assertThat(client.initializeResponse().protocolVersion()).isEqualTo(1);
		assertThat(client.initializeResponse().agentInfo().name()).isEqualTo("ts-sdk-echo-agent");
		echoTurn(client.newSession(this.directory));
		assertThatExceptionOfType(AcpAgentCapabilityException.class)
			.isThrownBy(() -> client.request("_demo.acp/echo", Map.of("a", 1), Map.class));
	}

	@Test
	void speaksAcpV2WithTheTypeScriptSdkV2AgentOverStdio() {
		List<RequestPermissionRequest> asked = new CopyOnWriteArrayList<>();
		AcpPermissionPolicy allow = (request, session) -> {
			asked.add(request);
			return new RequestPermissionResponse(new RequestPermissionOutcome.Selected("allow"));
		};
		AcpAgentClient client = spawn("ts-v2", allow, "node",
				System.getProperty("acp.ts-v2-agent", "../interop/v2-agent/agent.mjs"));
		assertThat(client.protocolVersion()).isEqualTo(2);
		assertThat(client.initializeResponse().agentInfo().name()).isEqualTo("ts-sdk-v2-agent");
		AcpAgentSession session = client.newSession(this.directory);
		assertThat(session.protocolVersion()).isEqualTo(2);
		List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
		PromptResponse echo = session.prompt("hello from a Spring client", updates::add);
		assertThat(echo.stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(messageText(updates)).isEqualTo("hello from a Spring client");
		assertThat(updates).noneMatch((update) -> "state_update".equals(update.sessionUpdate()));
		List<SessionUpdate> toolUpdates = new CopyOnWriteArrayList<>();
		PromptResponse tool = session.prompt("tool", toolUpdates::add);
		assertThat(tool.stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(asked).singleElement().satisfies((request) -> {
			assertThat(request.sessionId()).isEqualTo(session.id());
			assertThat(request.toolCall().toolCallId()).isEqualTo("call_1");
			assertThat(request.toolCall().title()).isEqualTo("Write notes.txt");
		});
		assertThat(messageText(toolUpdates)).isEqualTo("permission allow");
	}

	@Test
	void drivesTheJavaSdkAgentOverStdio() {
		AcpAgentClient client = spawn("java-sdk", AcpPermissionPolicy.REJECT, java(), "-jar", System
			.getProperty("acp.java-sdk-agent.jar", "../bench/reference/java-sdk-agent/target/java-sdk-agent.jar"));
		assertThat(client.initializeResponse().protocolVersion()).isEqualTo(1);
		echoTurn(client.newSession(this.directory));
		echoTurn(client.newSession(this.directory));
	}

	@Test
	void initializesAPublishedAgentAndNeverPassesItsTerminalAuthMethodToAuthenticate() {
		AcpAgentClient client = spawn("pi-acp", AcpPermissionPolicy.REJECT, "node", System
			.getProperty("acp.published-agent", "../interop/published-agent/node_modules/pi-acp/dist/index.js"));
		assertThat(client.initializeResponse().agentInfo().name()).isEqualTo("pi-acp");
		assertThat(client.initializeResponse().agentCapabilities().loadSession()).isTrue();
		assertThat(client.authMethods()).singleElement()
			.isInstanceOfSatisfying(AuthMethod.Terminal.class,
					(method) -> assertThat(method.id()).isEqualTo("pi_terminal_login"));
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> client.authenticate("pi_terminal_login"))
			.withMessageContaining("terminal method");
	}

	@Test
	void drivesTheDemoOverStdioWithItsExtension() {
		AcpAgentClient client = spawn("demo", AcpPermissionPolicy.REJECT, java(), demoArguments());
		assertThat(client.initializeResponse().agentInfo().name()).isEqualTo("acp-demo");
		echoTurn(client.newSession(this.directory));
		assertThat(client.request("_demo.acp/echo", Map.of("a", 1), Map.class))
			.isEqualTo(Map.of("params", Map.of("a", 1)));
	}

	@Test
	void drivesTheDemoOverWebSocketWithHandshakeHeaders() throws Exception {
		String token = UUID.randomUUID().toString();
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.transport=websocket", "--server.port=0",
				"--acp.websocket.auth.bearer-token=" + token)) {
			URI url = URI.create("ws://127.0.0.1:" + port(agent) + "/acp");
			AcpAgentClient anonymous = AcpAgentClient.builder().name("anonymous").url(url).build();
			this.clients.add(anonymous);
			assertThatExceptionOfType(AcpAgentClientException.class).isThrownBy(anonymous::connect)
				.withMessageContaining("Could not connect to agent 'anonymous'");
			AcpAgentClient client = AcpAgentClient.builder()
				.name("demo-ws")
				.url(url)
				.headers(Map.of("Authorization", "Bearer " + token))
				.build();
			this.clients.add(client);
			assertThat(client.initializeResponse().agentInfo().name()).isEqualTo("acp-demo");
			echoTurn(client.newSession(this.directory));
		}
	}

	@Test
	void drivesTheDemoOverStreamableHttpWithHeadersAndEndsItsConnectionOnClose() throws Exception {
		Files.writeString(this.directory.resolve("README.md"), "one\ntwo\nthree\n");
		String token = UUID.randomUUID().toString();
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.transport=http", "--server.port=0",
				"--acp.websocket.auth.bearer-token=" + token)) {
			int port = port(agent);
			URI url = URI.create("http://127.0.0.1:" + port + "/acp");
			AcpAgentClient anonymous = AcpAgentClient.builder().name("anonymous").url(url).build();
			this.clients.add(anonymous);
			assertThatExceptionOfType(AcpAgentClientException.class).isThrownBy(anonymous::connect)
				.withMessage("Agent 'anonymous' at " + url + " answered initialize with HTTP status 401: Unauthorized");
			List<String> asked = new CopyOnWriteArrayList<>();
			AcpAgentClient client = AcpAgentClient.builder()
				.name("demo-http")
				.url(url)
				.headers(Map.of("Authorization", "Bearer " + token))
				.clientInfo(new Implementation("agent-client-it", "1.0"))
				.permissionPolicy(new AllowingPolicy(asked))
				.fileWrites(true)
				.terminals(AcpClientTerminals.processes())
				.protocolVersion(1)
				.build();
			this.clients.add(client);
			assertThat(client.initializeResponse().agentInfo().name()).isEqualTo("acp-demo");
			AcpAgentSession session = client.newSession(this.directory);
			echoTurn(session);
			assertThat(client.request("_demo.acp/echo", Map.of("a", 1), Map.class))
				.isEqualTo(Map.of("params", Map.of("a", 1)));
			List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
			assertThat(session.prompt("workspace", updates::add).stopReason()).isEqualTo(StopReason.END_TURN);
			assertThat(asked).containsExactly("Write NOTES.md");
			assertThat(Files.readString(this.directory.resolve("NOTES.md"))).isEqualTo("README.md has 3 lines\n");
			assertThat(messageText(updates))
				.isEqualTo("README.md has 3 lines; wrote NOTES.md; ls exited 0 listing: NOTES.md README.md");
			String connectionId = httpConnectionOf(port, token, "agent-client-it");
			client.close();
			assertThat(delete(url, token, connectionId).statusCode()).as("the connection is gone after close")
				.isEqualTo(404);
		}
	}

	@Test
	void overStreamableHttpATurnIsCancelledAndTheSessionIsLoadedOnANewConnectionWithItsReplay() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.transport=http", "--server.port=0")) {
			URI url = URI.create("http://127.0.0.1:" + port(agent) + "/acp");
			AcpAgentClient first = AcpAgentClient.builder().name("first").url(url).build();
			this.clients.add(first);
			AcpAgentSession session = first.newSession(this.directory);
			CompletableFuture<PromptResponse> waiting = session.promptAsync("wait", (update) -> {
			});
			session.cancel();
			assertThat(waiting.get(30, TimeUnit.SECONDS).stopReason()).isEqualTo(StopReason.CANCELLED);
			echoTurn(session);
			first.close();

			AcpAgentClient second = AcpAgentClient.builder().name("second").url(url).build();
			this.clients.add(second);
			List<SessionUpdate> replay = new CopyOnWriteArrayList<>();
			AcpAgentSession loaded = second.loadSession(session.id(), this.directory, replay::add);
			assertThat(messageText(replay)).isEqualTo("hello from a Spring client");
			echoTurn(loaded);
		}
	}

	@Test
	void drivesTheTypeScriptSdkServerOverStreamableHttp() throws Exception {
		Process server = new ProcessBuilder("node", "src/test/node/print-port.mjs",
				System.getProperty("acp.ts-agent", "../bench/reference/ts-agent/agent.mjs"), "--port=0")
			.redirectError(ProcessBuilder.Redirect.INHERIT)
			.start();
		try {
			BufferedReader output = new BufferedReader(
					new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
			String listening = CompletableFuture.supplyAsync(() -> {
				try {
					return output.readLine();
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}).get(30, TimeUnit.SECONDS);
			assertThat(listening).startsWith("listening on ");
			URI url = URI.create("http://127.0.0.1:" + listening.substring("listening on ".length()) + "/acp");
			AcpAgentClient client = AcpAgentClient.builder().name("ts-http").url(url).build();
			this.clients.add(client);
			assertThat(client.initializeResponse().agentInfo().name()).isEqualTo("ts-sdk-echo-agent");
			echoTurn(client.newSession(this.directory));
			echoTurn(client.newSession(this.directory));
			client.close();
			assertThat(client.isConnected()).isFalse();
		}
		finally {
			server.destroy();
			server.waitFor(10, TimeUnit.SECONDS);
		}
	}

	private static String httpConnectionOf(int port, String token, String clientName) throws Exception {
		HttpResponse<String> response = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/acp"))
				.header("Authorization", "Bearer " + token)
				.build(), HttpResponse.BodyHandlers.ofString());
		for (JsonNode connection : DemoAgentProcess.mapper.readTree(response.body()).get("connections")) {
			if ("http".equals(connection.get("transport").asString())
					&& clientName.equals(connection.get("clientName").asString())) {
				return connection.get("id").asString();
			}
		}
		throw new AssertionError("No HTTP connection of " + clientName + " in " + response.body());
	}

	private static HttpResponse<Void> delete(URI url, String token, String connectionId) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(url)
				.header("Authorization", "Bearer " + token)
				.header("Acp-Connection-Id", connectionId)
				.DELETE()
				.build(), HttpResponse.BodyHandlers.discarding());
	}

	@Test
	void theDefaultPolicyRejectsTheDemosToolCall() {
		AcpAgentClient client = spawn("demo", AcpPermissionPolicy.REJECT, java(), demoArguments());
		List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
		client.newSession(this.directory).prompt("tool", updates::add);
		assertThat(messageText(updates)).startsWith("Skipped");
	}

	@Test
	void aTurnInWhichTheAgentReadsAsksWritesAndRunsATerminal() throws Exception {
		Files.writeString(this.directory.resolve("README.md"), "one\ntwo\nthree\n");
		List<String> asked = new CopyOnWriteArrayList<>();
		AcpAgentClient client = spawn(1, "demo", new AllowingPolicy(asked), java(), demoArguments());
		List<SessionUpdate> updates = new CopyOnWriteArrayList<>();
		PromptResponse response = client.newSession(this.directory).prompt("workspace", updates::add);
		assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(asked).containsExactly("Write NOTES.md");
		assertThat(Files.readString(this.directory.resolve("NOTES.md"))).isEqualTo("README.md has 3 lines\n");
		assertThat(messageText(updates))
			.isEqualTo("README.md has 3 lines; wrote NOTES.md; ls exited 0 listing: " + "NOTES.md README.md");
	}

	/**
	 * Allows the demo's permission request, recording its title, and the write and
	 * command that follow it.
	 */
	private record AllowingPolicy(List<String> asked) implements AcpPermissionPolicy {

		@Override
		public RequestPermissionResponse decide(RequestPermissionRequest request, AcpAgentSession session) {
			this.asked.add(request.toolCall().title());
			return new RequestPermissionResponse(new RequestPermissionOutcome.Selected("allow"));
		}

		@Override
		public boolean allowsWrite(WriteTextFileRequest request, AcpAgentSession session) {
			return true;
		}

		@Override
		public boolean allowsCommand(CreateTerminalRequest request, AcpAgentSession session) {
			return true;
		}

	}

	private static int port(DemoAgentProcess agent) throws InterruptedException {
		long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		while (true) {
			Duration left = Duration.ofNanos(Math.max(1, deadline - System.nanoTime()));
			Matcher started = STARTED.matcher(agent.nextLine(left));
			if (started.find()) {
				return Integer.parseInt(started.group(1));
			}
		}
	}

}
