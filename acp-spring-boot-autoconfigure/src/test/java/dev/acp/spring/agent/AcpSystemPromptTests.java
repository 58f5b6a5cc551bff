package dev.acp.spring.agent;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpSessionAutoConfiguration;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.SessionCapabilities;
import dev.acp.spring.protocol.SessionSystemPromptCapabilities;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.SystemPrompt;
import dev.acp.spring.session.AcpSession;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A client's {@code systemPrompt} on session setup: refused before any handler unless the
 * agent advertised it (and the mode), never silently ignored, and handed to the session
 * on {@code session/load} and {@code session/resume} as on {@code session/new}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpSystemPromptTests {

	private static final String APPEND = "{\"mode\":\"append\",\"content\":[{\"type\":\"text\",\"text\":\"Be brief.\"}]}";

	private static final String OVERRIDE = "{\"mode\":\"override\",\"content\":[{\"type\":\"text\",\"text\":\"x\"}]}";

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpSessionAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(RecordingAgent.class);

	private static String newSession(String systemPrompt) {
		return "{\"cwd\":\"/work\",\"mcpServers\":[],\"systemPrompt\":" + systemPrompt + "}";
	}

	@Test
	void aSystemPromptToAnAgentThatDoesNotAdvertiseItIsRefusedBeforeTheHandler() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");

			JsonNode answer = peer.call("session/new", newSession(APPEND));

			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(answer.at("/error/data/errors/0/field").asString()).isEqualTo("systemPrompt");
			assertThat(context.getBean(RecordingAgent.class).newSessions).isEmpty();
			assertThat(peer.call("session/new", "{\"cwd\":\"/work\",\"mcpServers\":[]}")
				.at("/result/sessionId")
				.asString()).isEqualTo("sess_recorded");
		});
	}

	@Test
	void aModeTheAgentDidNotAdvertiseIsRefusedNamingTheMode() {
		this.contextRunner.withBean(AcpCapabilitiesCustomizer.class, () -> appendOnly()).run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");

			JsonNode answer = peer.call("session/new", newSession(OVERRIDE));

			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(answer.at("/error/data/errors/0/field").asString()).isEqualTo("systemPrompt.mode");
			assertThat(context.getBean(RecordingAgent.class).newSessions).isEmpty();
			assertThat(peer.call("session/new", newSession(APPEND)).at("/result/sessionId").asString())
				.isEqualTo("sess_recorded");
		});
	}

	@Test
	void theSystemPromptOfASessionResumeOrLoadReachesTheSessionItOpens() {
		this.contextRunner.withBean(AcpCapabilitiesCustomizer.class, () -> appendOnly()).run((context) -> {
			TestPeer first = new TestPeer(context);
			first.initialize("{}");
			String sessionId = first.call("session/new", newSession(APPEND)).at("/result/sessionId").asString();
			answer(first, 2, "session/prompt", prompt(sessionId));
			for (String method : List.of("session/resume", "session/load")) {
				TestPeer other = new TestPeer(context);
				other.initialize("{}");
				String again = "{\"sessionId\":\"" + sessionId + "\",\"cwd\":\"/work\",\"mcpServers\":[],"
						+ "\"systemPrompt\":{\"mode\":\"append\",\"content\":[{\"type\":\"text\",\"text\":\"" + method
						+ "\"}]}}";
				JsonNode opened = answer(other, 1, method, again);
				assertThat(opened.has("result")).as(opened.toString()).isTrue();
				answer(other, 2, "session/prompt", prompt(sessionId));
			}
			assertThat(context.getBean(RecordingAgent.class).systemPrompts).containsExactly("Be brief.",
					"session/resume", "session/load");
		});
	}

	/**
	 * The answer to a request, past the notifications sent before it.
	 */
	private static JsonNode answer(TestPeer peer, int id, String method, String params) throws InterruptedException {
		JsonNode message = peer.call(id, method, params);
		while (!message.has("id") || message.get("id").asInt() != id) {
			message = peer.next();
		}
		return message;
	}

	private static String prompt(String sessionId) {
		return "{\"sessionId\":\"" + sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"hi\"}]}";
	}

	private static AcpCapabilitiesCustomizer appendOnly() {
		return (capabilities) -> {
			SessionCapabilities session = capabilities.sessionCapabilities();
			capabilities.sessionCapabilities(
					((session != null) ? session : new SessionCapabilities(null, null, null, null, null, null))
						.withSystemPrompt(SessionSystemPromptCapabilities.appendOnly()));
		};
	}

	@Configuration(proxyBeanMethods = false)
	static class RecordingAgent {

		final List<NewSessionRequest> newSessions = new CopyOnWriteArrayList<>();

		final List<String> systemPrompts = new CopyOnWriteArrayList<>();

		@AcpMethod("session/new")
		NewSessionResponse newSession(NewSessionRequest request) {
			this.newSessions.add(request);
			return new NewSessionResponse("sess_recorded");
		}

		@AcpMethod("session/prompt")
		PromptResponse prompt(PromptRequest request, AcpRequestContext context) {
			AcpSession session = context.session();
			SystemPrompt systemPrompt = (session != null) ? session.systemPrompt() : null;
			this.systemPrompts.add((systemPrompt != null) ? systemPrompt.text() : "none");
			return new PromptResponse(StopReason.END_TURN);
		}

	}

}
