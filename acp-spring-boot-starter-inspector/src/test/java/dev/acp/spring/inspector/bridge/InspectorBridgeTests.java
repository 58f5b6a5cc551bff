package dev.acp.spring.inspector.bridge;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.net.http.WebSocketHandshakeException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The inspector bridge in front of a real agent on the official TypeScript SDK, spawned
 * over stdio, driven as the page drives it: one WebSocket text message per JSON-RPC
 * message, and HTTP.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InspectorBridgeTests {

	private TestBridge bridge;

	@BeforeAll
	void startBridgeAndInitializeTheAgent() {
		this.bridge = TestBridge.start();
		try (TestPage page = this.bridge.page()) {
			JsonNode initialized = page.call("initialize",
					"{\"protocolVersion\":1,\"clientCapabilities\":{\"fs\":{\"readTextFile\":true,\"writeTextFile\":true},\"terminal\":true}}");
			assertThat(initialized.at("/result/agentInfo/name").asString()).isEqualTo("inspector-test-agent");
		}
	}

	@AfterAll
	void stopBridge() {
		this.bridge.close();
	}

	@AfterEach
	void chooseNoWorkspace() {
		assertThat(this.bridge.post("/inspector/workspace", "{\"path\":null}").statusCode()).isEqualTo(200);
	}

	@Test
	void relaysFramesBothWaysAndSendsTheAgentsFileRequestsToThePageWithoutAWorkspace(@TempDir Path cwd) {
		try (TestPage page = this.bridge.page()) {
			// a message spread over lines reaches the agent as one compact line
			page.send(
					"{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"method\": \"session/new\",\n  \"params\": {\"cwd\": \""
							+ cwd + "\", \"mcpServers\": []}\n}");
			String session = page.await((message) -> message.path("id").asInt() == 1 && message.has("result"))
				.at("/result/sessionId")
				.asString();
			int prompt = TestPage.nextId();
			page.send(prompt(prompt, session, "go"));
			assertThat(page.awaitUpdate("agent_thought_chunk").at("/params/update/content/text").asString())
				.isEqualTo("Thinking about notes.txt");
			assertThat(page.awaitUpdate("plan").at("/params/update/entries").size()).isEqualTo(2);
			JsonNode toolCall = page.awaitUpdate("tool_call");
			assertThat(toolCall.at("/params/update/content/0/type").asString()).isEqualTo("diff");
			assertThat(toolCall.at("/params/update/content/0/newText").asString()).isEqualTo("new line");
			JsonNode permission = page.awaitRequest("session/request_permission");
			page.send("{\"jsonrpc\":\"2.0\",\"id\":" + permission.get("id")
					+ ",\"result\":{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"allow\"}}}");
			JsonNode read = page.awaitRequest("fs/read_text_file");
			assertThat(read.at("/params/path").asString()).isEqualTo(cwd + "/notes.txt");
			page.send("{\"jsonrpc\":\"2.0\",\"id\":" + read.get("id")
					+ ",\"error\":{\"code\":-32601,\"message\":\"Method not found\"}}");
			assertThat(page.awaitUpdate("agent_message_chunk").at("/params/update/content/text").asString())
				.isEqualTo("permission allow; notes.txt: read failed: -32601 Method not found");
			assertThat(response(page, prompt).at("/result/stopReason").asString()).isEqualTo("end_turn");
		}
	}

	@Test
	void relaysTheCancellationOfATurn(@TempDir Path cwd) {
		try (TestPage page = this.bridge.page()) {
			String session = this.bridge.newSession(page, cwd);
			int prompt = TestPage.nextId();
			page.send(prompt(prompt, session, "wait"));
			assertThat(page.awaitUpdate("agent_message_chunk").at("/params/update/content/text").asString())
				.isEqualTo("waiting for session/cancel");
			page.send("{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\",\"params\":{\"sessionId\":\"" + session
					+ "\"}}");
			assertThat(response(page, prompt).at("/result/stopReason").asString()).isEqualTo("cancelled");
		}
	}

	@Test
	void servesFilesFromTheChosenWorkspaceAndRefusesAPathOutsideItAsTheClientRoleDoes(@TempDir Path workspace,
			@TempDir Path outside) throws IOException {
		Files.writeString(workspace.resolve("notes.txt"), "hello notes");
		Files.writeString(outside.resolve("secret.txt"), "secret");
		HttpResponse<String> chosen = this.bridge.post("/inspector/workspace", "{\"path\":\"" + workspace + "\"}");
		assertThat(chosen.statusCode()).isEqualTo(200);
		assertThat(chosen.body()).contains("\"workspace\":\"" + workspace + "\"");
		try (TestPage page = this.bridge.page()) {
			String session = this.bridge.newSession(page, workspace);
			int first = TestPage.nextId();
			page.send(prompt(first, session, "read " + workspace.resolve("notes.txt")));
			JsonNode servedRequest = page.awaitControl("served");
			assertThat(servedRequest.at("/frame/method").asString()).isEqualTo("fs/read_text_file");
			JsonNode servedResponse = page.awaitControl("served");
			assertThat(servedResponse.at("/frame/id")).isEqualTo(servedRequest.at("/frame/id"));
			assertThat(servedResponse.at("/frame/result/content").asString()).isEqualTo("hello notes");
			assertThat(page.awaitUpdate("agent_message_chunk").at("/params/update/content/text").asString())
				.isEqualTo("hello notes");
			assertThat(response(page, first).at("/result/stopReason").asString()).isEqualTo("end_turn");

			int second = TestPage.nextId();
			page.send(prompt(second, session, "read " + outside.resolve("secret.txt")));
			page.awaitControl("served");
			JsonNode refused = page.awaitControl("served").get("frame");
			assertThat(refused.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(refused.at("/error/data/0/message").asString())
				.isEqualTo("is outside the working directory of the session");
			assertThat(page.awaitUpdate("agent_message_chunk").at("/params/update/content/text").asString())
				.startsWith("read failed: -32602");
			response(page, second);
			assertThat(page.seen())
				.noneMatch((message) -> message.has("method") && message.path("method").asString().startsWith("fs/"));
		}
	}

	@Test
	void runsTheAgentsTerminalsInTheChosenWorkspace(@TempDir Path workspace) {
		assertThat(this.bridge.post("/inspector/workspace", "{\"path\":\"" + workspace + "\"}").statusCode())
			.isEqualTo(200);
		try (TestPage page = this.bridge.page()) {
			String session = this.bridge.newSession(page, workspace);
			int prompt = TestPage.nextId();
			page.send(prompt(prompt, session, "terminal"));
			assertThat(page.awaitControl("served").at("/frame/method").asString()).isEqualTo("terminal/create");
			assertThat(page.awaitUpdate("agent_message_chunk").at("/params/update/content/text").asString())
				.isEqualTo("terminal: hello");
			assertThat(response(page, prompt).at("/result/stopReason").asString()).isEqualTo("end_turn");
		}
	}

	@Test
	void validatesAFrameAgainstTheSchemaWithTheToken() throws IOException {
		String invalidUpdate = "{\"protocolVersion\":1,\"from\":\"agent\",\"frame\":{\"jsonrpc\":\"2.0\","
				+ "\"method\":\"session/update\",\"params\":{\"sessionId\":\"sess_1\","
				+ "\"update\":{\"sessionUpdate\":\"tool_call_update\",\"status\":\"completed\"}}}}";
		HttpResponse<String> validated = this.bridge.post("/inspector/validate", invalidUpdate);
		assertThat(validated.statusCode()).isEqualTo(200);
		assertThat(validated.body()).contains("\"valid\":false", "toolCallId");
		assertThat(this.bridge
			.post("/inspector/validate", "{\"protocolVersion\":1,\"from\":\"client\",\"frame\":"
					+ "{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\",\"params\":{\"sessionId\":\"sess_1\"}}}")
			.body()).isEqualTo("{\"valid\":true}");
		assertThat(this.bridge.rawStatus("POST /inspector/validate HTTP/1.1\r\nHost: 127.0.0.1:" + this.bridge.port
				+ "\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"))
			.isEqualTo(401);
	}

	@Test
	void refusesAWorkspaceThatIsNotAnExistingDirectory(@TempDir Path dir) {
		HttpResponse<String> missing = this.bridge.post("/inspector/workspace",
				"{\"path\":\"" + dir.resolve("missing") + "\"}");
		assertThat(missing.statusCode()).isEqualTo(400);
		assertThat(missing.body()).contains("Not an existing directory");
		assertThat(this.bridge.post("/inspector/workspace", "{\"path\":\"relative\"}").statusCode()).isEqualTo(400);
		assertThat(this.bridge.post("/inspector/workspace", "{\"path\":3}").statusCode()).isEqualTo(400);
	}

	@Test
	void answersAMessageThatIsNotJsonOrTooLongWithAnErrorAndKeepsRelaying(@TempDir Path cwd) {
		try (TestPage page = this.bridge.page()) {
			page.send("not json");
			assertThat(page.awaitControl("error").path("message").asString())
				.startsWith("The message is not valid JSON");
			page.send("[1, 2]");
			assertThat(page.awaitControl("error").path("message").asString())
				.isEqualTo("The message is not a JSON-RPC message (a JSON object)");
			page.send("{\"jsonrpc\":\"2.0\",\"method\":\"_pad\",\"params\":{\"pad\":\"" + "x".repeat(16 * 1024 * 1024)
					+ "\"}}");
			assertThat(page.awaitControl("error").path("message").asString())
				.isEqualTo("The message is over 16777216 bytes; it was dropped");
			assertThat(this.bridge.newSession(page, cwd)).startsWith("sess_");
		}
	}

	@Test
	void refusesASecondPageWhileOneIsConnected(@TempDir Path cwd) {
		try (TestPage first = this.bridge.page()) {
			TestPage second = this.bridge.page();
			assertThat(second.awaitClose()).isEqualTo(1008);
			assertThat(this.bridge.newSession(first, cwd)).startsWith("sess_");
		}
	}

	@Test
	void refusesTheHandshakeWithoutTheToken() {
		assertThat(handshakeStatus("ws://127.0.0.1:" + this.bridge.port + "/inspector/agent", Map.of())).isEqualTo(401);
		assertThat(handshakeStatus("ws://127.0.0.1:" + this.bridge.port + "/inspector/agent?token=wrong", Map.of()))
			.isEqualTo(401);
		assertThat(handshakeStatus("ws://127.0.0.1:" + this.bridge.port + "/inspector/agent",
				Map.of("Authorization", "Bearer " + this.bridge.token)))
			.isEqualTo(401);
	}

	@Test
	void refusesHttpRequestsWithoutTheBearerTokenButServesThePageFiles() {
		assertThat(this.bridge.get("/inspector/config.json", null).statusCode()).isEqualTo(401);
		assertThat(this.bridge.get("/inspector/config.json", "Bearer wrong").statusCode()).isEqualTo(401);
		assertThat(this.bridge.get("/inspector/%63onfig.json", null).statusCode()).isEqualTo(401);
		assertThat(this.bridge.get("/inspector/./config.json", null).statusCode()).isEqualTo(401);
		assertThat(this.bridge.get("/inspector/config.json?token=" + this.bridge.token, null).statusCode())
			.isEqualTo(401);
		HttpResponse<String> config = this.bridge.get("/inspector/config.json", "Bearer " + this.bridge.token);
		assertThat(config.statusCode()).isEqualTo(200);
		assertThat(config.body()).contains("\"mode\":\"bridge\"", "\"endpoint\":\"/inspector/agent\"",
				"\"agentCommand\":\"node " + TestBridge.AGENT + "\"");
		assertThat(this.bridge.get("/inspector/bridge-test-fixture.html", null).statusCode()).isEqualTo(200);
	}

	@Test
	void refusesAHostOtherThanTheLoopbackNamesWithItsPort() throws IOException {
		int port = this.bridge.port;
		assertThat(this.bridge.rawStatus(head("/inspector/bridge-test-fixture.html", "rebind.example:" + port)))
			.isEqualTo(421);
		assertThat(this.bridge.rawStatus(head("/inspector/bridge-test-fixture.html", "127.0.0.1:1"))).isEqualTo(421);
		assertThat(this.bridge.rawStatus(head("/inspector/agent?token=" + this.bridge.token, "rebind.example:" + port)))
			.isEqualTo(421);
		assertThat(this.bridge.rawStatus(head("/inspector/bridge-test-fixture.html", "localhost:" + port)))
			.isEqualTo(200);
		assertThat(this.bridge.rawStatus(head("/inspector/bridge-test-fixture.html", "127.0.0.1:" + port)))
			.isEqualTo(200);
	}

	@Test
	void refusesAnOriginOtherThanThePagesOwn() throws IOException {
		int port = this.bridge.port;
		String token = this.bridge.token;
		assertThat(this.bridge.rawStatus("GET /inspector/config.json HTTP/1.1\r\nHost: 127.0.0.1:" + port
				+ "\r\nOrigin: http://evil.example\r\nAuthorization: Bearer " + token
				+ "\r\nConnection: close\r\n\r\n"))
			.isEqualTo(403);
		assertThat(handshakeStatus("ws://127.0.0.1:" + port + "/inspector/agent?token=" + token,
				Map.of("Origin", "http://evil.example")))
			.isEqualTo(403);
		assertThat(handshakeStatus("ws://127.0.0.1:" + port + "/inspector/agent?token=" + token,
				Map.of("Origin", "http://127.0.0.1:" + (port + 1))))
			.isEqualTo(403);
		assertThat(this.bridge.rawStatus(
				"GET /inspector/config.json HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nOrigin: http://localhost:"
						+ port + "\r\nAuthorization: Bearer " + token + "\r\nConnection: close\r\n\r\n"))
			.isEqualTo(200);
	}

	private static String head(String path, String host) {
		return "GET " + path + " HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n";
	}

	private static int handshakeStatus(String uri, Map<String, String> headers) {
		Throwable failure = catchThrowable(() -> TestPage.open(URI.create(uri), headers, new TestPage())
			.orTimeout(TestPage.WAIT.toSeconds(), TimeUnit.SECONDS)
			.join());
		assertThat(failure).isInstanceOf(CompletionException.class)
			.hasCauseInstanceOf(WebSocketHandshakeException.class);
		return ((WebSocketHandshakeException) failure.getCause()).getResponse().statusCode();
	}

	private static JsonNode response(TestPage page, int id) {
		return page.await((message) -> message.path("id").asInt(-1) == id && !message.has("method"));
	}

	static String prompt(int id, String session, String text) {
		return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
				+ session + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}}";
	}

}
