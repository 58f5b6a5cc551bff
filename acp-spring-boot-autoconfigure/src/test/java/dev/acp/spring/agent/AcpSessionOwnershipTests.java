package dev.acp.spring.agent;

import java.security.Principal;
import java.util.ArrayList;
import java.util.List;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpSessionAutoConfiguration;
import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.session.AcpSession;
import dev.acp.spring.session.AcpSessionStore;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A session belongs to the principal of the connection that created it (none: the
 * anonymous owner); to anyone else it does not exist. And what a store keeps of a session
 * holds no MCP server secrets. Run against each store by a subclass.
 *
 * @author ACP Spring Boot Starter contributors
 */
abstract class AcpSessionOwnershipTests {

	private static final String UNKNOWN = "sess_00000000000000000000000000000000";

	private static final String SERVERS = """
			[{"name":"tools","command":"/bin/mcp-tools","args":[],"env":[{"name":"API_KEY","value":"secret"}]},
			 {"type":"http","name":"web","url":"https://mcp.example/","headers":[{"name":"Authorization","value":"Bearer secret"}]}]""";

	/**
	 * The application opts in to the MCP servers these principals name over a network
	 * transport (refused by default).
	 */
	private static final String[] MCP_SERVERS_OPEN = { "acp.mcp-servers.network.stdio=true",
			"acp.mcp-servers.network.allowed-hosts=mcp.example" };

	/**
	 * The agent, with the store under test.
	 * @return the runner
	 */
	protected ApplicationContextRunner contextRunner() {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
					AcpSessionAutoConfiguration.class))
			.withPropertyValues("acp.transport=none")
			.withUserConfiguration(AcpSessionsTests.PromptConfiguration.class, ServersConfiguration.class);
	}

	/**
	 * Everything the store keeps of a session, as text: what a person who reads the
	 * store's data sees.
	 * @param context the agent
	 * @param sessionId the session
	 * @return the text
	 */
	protected abstract String storedText(ApplicationContext context, String sessionId);

	private static TestPeer peer(ApplicationContext context, @Nullable String principal) throws InterruptedException {
		TestPeer peer = new TestPeer(context);
		if (principal != null) {
			peer.connection().setPrincipal(named(principal));
		}
		peer.initialize("{}");
		return peer;
	}

	private static Principal named(String name) {
		return () -> name;
	}

	private static String newSession(TestPeer peer, String cwd, String mcpServers) throws InterruptedException {
		JsonNode answer = peer.call("session/new", "{\"cwd\":\"" + cwd + "\",\"mcpServers\":" + mcpServers + "}");
		assertThat(answer.has("result")).as("%s", answer).isTrue();
		return answer.at("/result/sessionId").asString();
	}

	private static String newSession(TestPeer peer) throws InterruptedException {
		return newSession(peer, "/work", "[]");
	}

	private static String load(String sessionId) {
		return "{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\",\"mcpServers\":[]}";
	}

	private static String id(String sessionId) {
		return "{\"sessionId\":\"" + sessionId + "\"}";
	}

	/**
	 * The messages up to and including the answer of a request: each update's kind and
	 * text, then the answer's {@code result} or {@code error}.
	 */
	private static List<String> untilAnswer(TestPeer peer) throws InterruptedException {
		List<String> seen = new ArrayList<>();
		while (true) {
			JsonNode message = peer.next();
			if (message.has("id")) {
				seen.add(message.has("result") ? "result " + message.get("result") : "error " + message.get("error"));
				return seen;
			}
			JsonNode update = message.at("/params/update");
			seen.add(update.get("sessionUpdate").asString() + ":" + update.at("/content/text").asString());
		}
	}

	private static List<String> call(TestPeer peer, String method, String params) throws InterruptedException {
		peer.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":" + params + "}");
		return untilAnswer(peer);
	}

	/**
	 * What {@code peer} gets for {@code method} on {@code sessionId}, and what it gets
	 * for a session that does not exist with the id written over.
	 */
	private static void assertAnswersAsUnknown(TestPeer peer, String method, String sessionId, String params,
			String unknownParams) throws InterruptedException {
		List<String> unknown = call(peer, method, unknownParams);
		assertThat(unknown).singleElement().asString().startsWith("error {\"code\":-32002");
		List<String> foreign = call(peer, method, params);
		assertThat(foreign).as(method).containsExactly(unknown.get(0).replace(UNKNOWN, sessionId));
	}

	private static List<String> promptOf(TestPeer peer, String sessionId, String text) throws InterruptedException {
		return call(peer, "session/prompt",
				"{\"sessionId\":\"" + sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"" + text + "\"}]}");
	}

	private static List<String> history(ApplicationContext context, String sessionId) {
		List<String> history = new ArrayList<>();
		context.getBean(AcpSessionStore.class).replay(sessionId, (update) -> history.add(update.toString()));
		return history;
	}

	@Test
	void anotherPrincipalCannotLoadResumeDeleteOrCloseASessionAndHearsWhatAnUnknownIdHears() {
		contextRunner().withUserConfiguration(AcpSessionsTests.DeletionListenerConfiguration.class).run((context) -> {
			TestPeer alice = peer(context, "alice");
			String sessionId = newSession(alice);
			assertThat(promptOf(alice, sessionId, "one")).contains("agent_message_chunk:echo one");
			List<String> before = history(context, sessionId);
			TestPeer bob = peer(context, "bob");
			assertAnswersAsUnknown(bob, "session/load", sessionId, load(sessionId), load(UNKNOWN));
			assertAnswersAsUnknown(bob, "session/resume", sessionId, load(sessionId), load(UNKNOWN));
			assertAnswersAsUnknown(bob, "session/close", sessionId, id(sessionId), id(UNKNOWN));
			assertThat(call(bob, "session/delete", id(UNKNOWN))).containsExactly("result {}");
			assertThat(call(bob, "session/delete", id(sessionId))).as("deleting alice's session deletes nothing")
				.containsExactly("result {}");
			assertThat(context.getBean(AcpSessionStore.class).find(sessionId)).isNotNull();
			assertThat(context.getBean(AcpSessionsTests.DeletionListener.class).deleted).isEmpty();
			assertAnswersAsUnknown(bob, "_owner.test/servers", sessionId, id(sessionId), id(UNKNOWN));
			promptOf(bob, sessionId, "bob was here");
			assertThat(history(context, sessionId)).as("nothing of bob's is recorded in alice's session")
				.isEqualTo(before);
			assertThat(context.getBean(AcpSessionStore.class).find(sessionId).attributes()).containsEntry("turns", 1);
		});
	}

	@Test
	void theOwnerStillLoadsResumesAndDeletesItsSessionOnAnotherConnection() {
		contextRunner().run((context) -> {
			TestPeer alice = peer(context, "alice");
			String sessionId = newSession(alice);
			promptOf(alice, sessionId, "one");
			peer(context, "bob").call("session/load", load(sessionId));
			TestPeer aliceAgain = peer(context, "alice");
			assertThat(call(aliceAgain, "session/load", load(sessionId))).containsExactly("user_message_chunk:one",
					"agent_message_chunk:echo one", "result {}");
			assertThat(call(peer(context, "alice"), "session/resume", load(sessionId))).containsExactly("result {}");
			assertThat(call(peer(context, "alice"), "session/delete", id(sessionId))).containsExactly("result {}");
			assertThat(context.getBean(AcpSessionStore.class).find(sessionId)).isNull();
		});
	}

	@Test
	void listShowsOnlyTheCallersSessionsAndPagesThroughThemAlone() {
		contextRunner().withPropertyValues("acp.sessions.list-page-size=1").run((context) -> {
			TestPeer alice = peer(context, "alice");
			String alices = newSession(alice);
			TestPeer bob = peer(context, "bob");
			String bobs = newSession(bob);
			TestPeer anonymous = peer(context, null);
			String anonymouss = newSession(anonymous);
			promptOf(bob, bobs, "latest");
			JsonNode page = alice.call("session/list", "{\"cwd\":\"/work\"}").get("result");
			assertThat(page.get("sessions")).singleElement()
				.satisfies((session) -> assertThat(session.get("sessionId").asString()).isEqualTo(alices));
			assertThat(page.has("nextCursor")).as("%s", page).isFalse();
			assertThat(bob.call("session/list", "{}").at("/result/sessions/0/sessionId").asString()).isEqualTo(bobs);
			JsonNode anonymousPage = anonymous.call("session/list", "{}").get("result");
			assertThat(anonymousPage.get("sessions")).singleElement()
				.satisfies((session) -> assertThat(session.get("sessionId").asString()).isEqualTo(anonymouss));
			assertThat(anonymousPage.has("nextCursor")).isFalse();
		});
	}

	@Test
	void anAnonymousConnectionLoadsWhatAnAnonymousConnectionCreated() {
		contextRunner().run((context) -> {
			TestPeer first = peer(context, null);
			String sessionId = newSession(first);
			promptOf(first, sessionId, "one");
			first.connection().close(java.time.Duration.ofSeconds(5));
			assertThat(call(peer(context, null), "session/load", load(sessionId)))
				.containsExactly("user_message_chunk:one", "agent_message_chunk:echo one", "result {}");
		});
	}

	@Test
	void principalsAndAnonymousConnectionsDoNotReachEachOthersSessions() {
		contextRunner().run((context) -> {
			String anonymouss = newSession(peer(context, null));
			String alices = newSession(peer(context, "alice"));
			assertAnswersAsUnknown(peer(context, "alice"), "session/load", anonymouss, load(anonymouss), load(UNKNOWN));
			assertAnswersAsUnknown(peer(context, null), "session/load", alices, load(alices), load(UNKNOWN));
		});
	}

	@Test
	void aPrincipalWithoutANameIsNotTheAnonymousOwner() {
		contextRunner().run((context) -> {
			String anonymouss = newSession(peer(context, null));
			TestPeer nameless = new TestPeer(context);
			nameless.connection().setPrincipal(() -> null);
			nameless.initialize("{}");
			assertAnswersAsUnknown(nameless, "session/load", anonymouss, load(anonymouss), load(UNKNOWN));
			assertThat(nameless.call("session/list", "{}").at("/result/sessions")).isEmpty();
		});
	}

	@Test
	void nothingOfAnMcpServersEnvOrHeadersIsStoredWhileTheSessionServesThem() {
		contextRunner().withPropertyValues(MCP_SERVERS_OPEN).run((context) -> {
			TestPeer alice = peer(context, "alice");
			String sessionId = newSession(alice, "/work", SERVERS);
			promptOf(alice, sessionId, "one");
			JsonNode served = alice.call("_owner.test/servers", id(sessionId)).get("result");
			assertThat(served.toString()).contains("\"value\":\"secret\"", "\"value\":\"Bearer secret\"");
			alice.connection().close(java.time.Duration.ofSeconds(5));
			assertThat(storedText(context, sessionId)).contains("/work", "echo one").doesNotContain("secret");
		});
	}

	@Test
	void aLoadedOrResumedSessionServesTheMcpServersOfThatRequest() {
		contextRunner().withPropertyValues(MCP_SERVERS_OPEN).run((context) -> {
			String sessionId = newSession(peer(context, "alice"), "/work", SERVERS);
			String fresh = "[{\"name\":\"fresh\",\"command\":\"/bin/fresh\",\"args\":[],"
					+ "\"env\":[{\"name\":\"API_KEY\",\"value\":\"fresh-key\"}]}]";
			TestPeer loading = peer(context, "alice");
			call(loading, "session/load",
					"{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\",\"mcpServers\":" + fresh + "}");
			assertThat(loading.call("_owner.test/servers", id(sessionId)).get("result").toString())
				.isEqualTo(context.getBean(tools.jackson.databind.json.JsonMapper.class).readTree(fresh).toString());
			TestPeer resuming = peer(context, "alice");
			call(resuming, "session/resume", "{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\"}");
			assertThat(resuming.call("_owner.test/servers", id(sessionId)).get("result").toString())
				.as("a resume without servers starts none")
				.isEqualTo("[]");
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class ServersConfiguration {

		@Bean
		Servers servers() {
			return new Servers();
		}

	}

	@AcpExtension("owner.test")
	static class Servers {

		@AcpMethod("_owner.test/servers")
		List<McpServer> servers(JsonNode params, AcpSession session) {
			return session.mcpServers();
		}

	}

}
