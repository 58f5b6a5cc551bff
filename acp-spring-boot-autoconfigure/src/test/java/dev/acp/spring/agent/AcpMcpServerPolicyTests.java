package dev.acp.spring.agent;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.protocol.McpCapabilities;
import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.autoconfigure.AcpSessionAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpSpringAiAutoConfiguration;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The MCP servers a client names in {@code session/new}, {@code session/load} and
 * {@code session/resume}: on a network transport (WebSocket, Streamable HTTP) the client
 * is whoever reaches the port, so it names no process to start and no URL to open unless
 * the application allows it; over stdio it is the editor that spawned the agent.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpMcpServerPolicyTests {

	private static final String STDIO_ENTRY = "{\"name\":\"x\",\"command\":\"sh\",\"args\":[\"-c\",\"touch %s\"],\"env\":[]}";

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none");

	@TempDir
	Path directory;

	private String stdioEntry() {
		return STDIO_ENTRY.formatted(this.directory.resolve("started"));
	}

	private static String newSession(String... entries) {
		return "{\"cwd\":\"/work\",\"mcpServers\":[" + String.join(",", entries) + "]}";
	}

	private static String httpEntry(String type, String url) {
		return "{\"type\":\"" + type + "\",\"name\":\"docs\",\"url\":\"" + url + "\",\"headers\":[]}";
	}

	@Test
	void aStdioMcpServerNamedOverWebSocketOrHttpIsRefusedBeforeTheHandlerRuns() {
		this.contextRunner.withUserConfiguration(RecordingSessions.class).run((context) -> {
			for (String transport : List.of("websocket", "http")) {
				TestPeer peer = new TestPeer(context, transport);
				peer.initialize("{}");

				JsonNode answer = peer.call("session/new",
						newSession(httpEntry("http", "https://ok.example/mcp"), stdioEntry()));

				assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
				assertThat(answer.at("/error/data/errors/0/field").asString()).isEqualTo("mcpServers[0]");
				assertThat(answer.at("/error/data/errors/1/field").asString()).isEqualTo("mcpServers[1]");
				assertThat(answer.at("/error/data/errors/1/message").asString())
					.contains("stdio MCP servers are not started");
			}
			assertThat(context.getBean(RecordingSessions.class).requests).isEmpty();
		});
	}

	@Test
	void aStdioMcpServerNamedOverStdioReachesTheHandler() {
		this.contextRunner.withUserConfiguration(RecordingSessions.class).run((context) -> {
			for (String transport : List.of("stdio", "local")) {
				TestPeer peer = new TestPeer(context, transport);
				peer.initialize("{}");

				JsonNode answer = peer.call("session/new",
						newSession(stdioEntry(), httpEntry("sse", "http://10.0.0.1/sse")));

				assertThat(answer.at("/result/sessionId").asString()).isEqualTo("sess_recorded");
			}
			assertThat(context.getBean(RecordingSessions.class).requests)
				.allSatisfy((request) -> assertThat(request.mcpServers()).hasSize(2));
		});
	}

	@Test
	void aConnectionOfATransportTheStarterDoesNotKnowIsTreatedAsANetworkOne() {
		this.contextRunner.withUserConfiguration(RecordingSessions.class).run((context) -> {
			TestPeer peer = new TestPeer(context, "carrier-pigeon");
			peer.initialize("{}");

			JsonNode answer = peer.call("session/new", newSession(stdioEntry()));

			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(context.getBean(RecordingSessions.class).requests).isEmpty();
		});
	}

	@Test
	void theStarterSessionsRefuseAStdioMcpServerOverWebSocketForLoadAndResume() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(AcpSessionAutoConfiguration.class))
			.withUserConfiguration(RecordingSessions.class)
			.run((context) -> {
				TestPeer local = new TestPeer(context, "stdio");
				local.initialize("{}");
				String sessionId = local.call("session/new", newSession()).at("/result/sessionId").asString();
				TestPeer peer = new TestPeer(context, "websocket");
				peer.initialize("{}");
				String params = "{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\",\"mcpServers\":[" + stdioEntry()
						+ "]}";

				JsonNode loaded = peer.call("session/load", params);
				JsonNode resumed = peer.call("session/resume", params);

				for (JsonNode answer : List.of(loaded, resumed)) {
					assertThat(answer.at("/error/code").asInt()).as(answer.toString()).isEqualTo(-32602);
					assertThat(answer.at("/error/data/errors/0/field").asString()).isEqualTo("mcpServers[0]");
				}
				assertThat(peer.connection().inFlightRequests()).isZero();
				assertThat(peer
					.call("session/load", "{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\",\"mcpServers\":[]}")
					.has("result")).isTrue();
			});
	}

	@Test
	void theModelLoopStartsNoProcessAClientNamesOverWebSocket() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(AcpSpringAiAutoConfiguration.class))
			.withUserConfiguration(ModelConfiguration.class)
			.withPropertyValues("acp.ai.enabled=true")
			.run((context) -> {
				TestPeer peer = new TestPeer(context, "websocket");
				peer.initialize("{}");

				JsonNode answer = peer.call("session/new", newSession(stdioEntry()));

				assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
				assertThat(answer.at("/error/data/errors/0/field").asString()).isEqualTo("mcpServers[0]");
				assertThat(this.directory.resolve("started")).doesNotExist();
			});
	}

	@Test
	void anHttpOrSseMcpServerNamedOverANetworkTransportIsRefusedByDefault() {
		this.contextRunner.withUserConfiguration(RecordingSessions.class).run((context) -> {
			TestPeer peer = new TestPeer(context, "http");
			peer.initialize("{}");

			JsonNode answer = peer.call("session/new", newSession(httpEntry("http", "http://169.254.169.254/latest"),
					httpEntry("sse", "https://mcp.example.com/sse")));

			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(answer.at("/error/data/errors/0/field").asString()).isEqualTo("mcpServers[0]");
			assertThat(answer.at("/error/data/errors/0/message").asString()).contains("169.254.169.254");
			assertThat(answer.at("/error/data/errors/1/field").asString()).isEqualTo("mcpServers[1]");
			assertThat(context.getBean(RecordingSessions.class).requests).isEmpty();
		});
	}

	@Test
	void aNetworkConnectionIsNotAdvertisedHttpOrSseMcpServersByDefault() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(AcpSpringAiAutoConfiguration.class))
			.withUserConfiguration(ModelConfiguration.class)
			.withPropertyValues("acp.ai.enabled=true")
			.run((context) -> {
				JsonNode network = new TestPeer(context, "websocket").initialize("{}");
				JsonNode local = new TestPeer(context, "stdio").initialize("{}");

				assertThat(network.at("/agentCapabilities/mcpCapabilities").toString())
					.isEqualTo("{\"http\":false,\"sse\":false}");
				assertThat(local.at("/agentCapabilities/mcpCapabilities").toString())
					.isEqualTo("{\"http\":true,\"sse\":true}");
			});
	}

	@Test
	void aV2NetworkConnectionIsAdvertisedStdioMcpServersOnlyWhenTheyAreOpenedToIt() {
		String v2 = "{\"protocolVersion\":2,\"info\":{\"name\":\"v2-client\",\"version\":\"2.4\"}}";
		this.contextRunner.withPropertyValues("acp.protocol.versions=1,2").run((context) -> {
			JsonNode network = new TestPeer(context, "websocket").call(0, "initialize", v2);
			JsonNode local = new TestPeer(context, "stdio").call(0, "initialize", v2);

			assertThat(network.at("/result/capabilities/session/mcp").toString()).isEqualTo("{}");
			assertThat(local.at("/result/capabilities/session/mcp/stdio").isObject()).isTrue();
		});
		this.contextRunner.withPropertyValues("acp.protocol.versions=1,2", "acp.mcp-servers.network.stdio=true")
			.run((context) -> assertThat(new TestPeer(context, "websocket").call(0, "initialize", v2)
				.at("/result/capabilities/session/mcp/stdio")
				.isObject()).isTrue());
	}

	@Test
	void anEntryOverANetworkTransportThatIsNoMcpServerIsRefusedBeforeAHandlerReadingRawParams() {
		this.contextRunner.withUserConfiguration(RawSessions.class).run((context) -> {
			TestPeer peer = new TestPeer(context, "websocket");
			peer.initialize("{}");

			JsonNode incomplete = peer.call("session/new", newSession("{\"name\":\"x\",\"command\":\"sh\"}", "42"));
			JsonNode notAnArray = peer.call("session/new", "{\"cwd\":\"/work\",\"mcpServers\":\"sh\"}");

			assertThat(incomplete.at("/error/data/errors/0").toString()).isEqualTo(
					"{\"field\":\"mcpServers[0]\",\"message\":\"MCP servers of type 'stdio' are not started for clients connected over websocket\"}");
			assertThat(incomplete.at("/error/data/errors/1").toString())
				.isEqualTo("{\"field\":\"mcpServers[1]\",\"message\":\"must be an object\"}");
			assertThat(notAnArray.at("/error/data/errors/0/field").asString()).isEqualTo("mcpServers");
			assertThat(context.getBean(RawSessions.class).params).isEmpty();
		});
	}

	@Test
	void theNetworkStdioPropertyLetsNetworkClientsNameStdioServers() {
		this.contextRunner.withUserConfiguration(RecordingSessions.class)
			.withPropertyValues("acp.mcp-servers.network.stdio=true")
			.run((context) -> {
				TestPeer peer = new TestPeer(context, "websocket");
				peer.initialize("{}");

				JsonNode answer = peer.call("session/new", newSession(stdioEntry()));

				assertThat(answer.at("/result/sessionId").asString()).isEqualTo("sess_recorded");
				assertThat(context.getBean(RecordingSessions.class).requests).singleElement()
					.satisfies((request) -> assertThat(request.mcpServers()).singleElement()
						.isInstanceOf(McpServer.Stdio.class));
			});
	}

	@Test
	void allowedHostsLetNetworkClientsNameHttpAndSseServersOnThemOnly() {
		this.contextRunner.withUserConfiguration(RecordingSessions.class)
			.withPropertyValues("acp.mcp-servers.network.allowed-hosts=mcp.example.com,*.tools.example.org")
			.run((context) -> {
				TestPeer peer = new TestPeer(context, "http");
				peer.initialize("{}");

				JsonNode allowed = peer.call("session/new", newSession(httpEntry("http", "https://MCP.example.com/mcp"),
						httpEntry("sse", "http://a.tools.example.org:8080/sse")));
				JsonNode refused = peer.call("session/new",
						newSession(httpEntry("http", "https://mcp.example.com@169.254.169.254/"),
								httpEntry("http", "https://tools.example.org/mcp"),
								httpEntry("http", "file://mcp.example.com/etc/passwd"), stdioEntry()));

				assertThat(allowed.at("/result/sessionId").asString()).isEqualTo("sess_recorded");
				assertThat(refused.at("/error/code").asInt()).isEqualTo(-32602);
				assertThat(refused.at("/error/data/errors").findValuesAsString("field"))
					.containsExactly("mcpServers[0]", "mcpServers[1]", "mcpServers[2]", "mcpServers[3]");
				assertThat(context.getBean(RecordingSessions.class).requests).hasSize(1);
			});
	}

	@Test
	void allowedHostsAdvertiseHttpAndSseToNetworkClients() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(AcpSpringAiAutoConfiguration.class))
			.withUserConfiguration(ModelConfiguration.class)
			.withPropertyValues("acp.ai.enabled=true", "acp.mcp-servers.network.allowed-hosts=mcp.example.com")
			.run((context) -> assertThat(new TestPeer(context, "websocket").initialize("{}")
				.at("/agentCapabilities/mcpCapabilities")
				.toString()).isEqualTo("{\"http\":true,\"sse\":true}"));
	}

	@Test
	void aBlankAllowedHostFailsStartUp() {
		this.contextRunner.withPropertyValues("acp.mcp-servers.network.allowed-hosts=mcp.example.com, ")
			.run((context) -> assertThat(context).hasFailed());
	}

	@Test
	void aPolicyBeanDecidesWithTheConnectionItsPrincipalAndTheEntry() {
		this.contextRunner.withUserConfiguration(RecordingSessions.class, TrustedPrincipalPolicy.class)
			.withBean(AcpCapabilitiesCustomizer.class,
					() -> (capabilities) -> capabilities.mcpCapabilities(new McpCapabilities(true, true, null)))
			.run((context) -> {
				TestPeer trusted = new TestPeer(context, "websocket");
				trusted.connection().setPrincipal(() -> "trusted");
				JsonNode trustedCapabilities = trusted.initialize("{}");
				TestPeer stranger = new TestPeer(context, "websocket");
				stranger.connection().setPrincipal(() -> "stranger");
				JsonNode strangerCapabilities = stranger.initialize("{}");

				JsonNode allowed = trusted.call("session/new", newSession(stdioEntry()));
				JsonNode refused = stranger.call("session/new", newSession(stdioEntry()));
				TestPeer local = new TestPeer(context, "stdio");
				local.initialize("{}");
				JsonNode refusedLocally = local.call("session/new", newSession(stdioEntry()));

				assertThat(allowed.at("/result/sessionId").asString()).isEqualTo("sess_recorded");
				assertThat(refused.at("/error/data/errors/0/message").asString()).isEqualTo("only for trusted");
				assertThat(refusedLocally.at("/error/code").asInt()).isEqualTo(-32602);
				assertThat(trustedCapabilities.at("/agentCapabilities/mcpCapabilities").toString())
					.isEqualTo("{\"http\":true,\"sse\":false}");
				assertThat(strangerCapabilities.at("/agentCapabilities/mcpCapabilities").toString())
					.isEqualTo("{\"http\":false,\"sse\":false}");
				assertThat(context.getBean(RecordingSessions.class).requests).hasSize(1);
			});
	}

	@Configuration(proxyBeanMethods = false)
	static class TrustedPrincipalPolicy {

		@Bean
		AcpMcpServerPolicy trustedOnly() {
			return new AcpMcpServerPolicy() {

				@Override
				public Decision decide(AcpConnection connection, McpServer server) {
					return isTrusted(connection) && server instanceof McpServer.Stdio stdio
							&& stdio.command().equals("sh") ? Decision.allow() : Decision.refuse("only for trusted");
				}

				@Override
				public boolean mayAllow(AcpConnection connection, String type) {
					return isTrusted(connection) && type.equals("http");
				}

				private boolean isTrusted(AcpConnection connection) {
					return connection.principal() != null && connection.principal().getName().equals("trusted");
				}

			};
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class RecordingSessions {

		final List<NewSessionRequest> requests = new CopyOnWriteArrayList<>();

		@AcpMethod("session/new")
		NewSessionResponse newSession(NewSessionRequest request) {
			this.requests.add(request);
			return new NewSessionResponse("sess_recorded");
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class RawSessions {

		final List<JsonNode> params = new CopyOnWriteArrayList<>();

		@AcpMethod("session/new")
		NewSessionResponse newSession(JsonNode params) {
			this.params.add(params);
			return new NewSessionResponse("sess_raw");
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class ModelConfiguration {

		@Bean
		ChatModel chatModel() {
			return (Prompt prompt) -> new ChatResponse(List.of());
		}

	}

}
