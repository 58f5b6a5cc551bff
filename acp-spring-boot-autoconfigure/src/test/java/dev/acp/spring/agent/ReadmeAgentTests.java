package dev.acp.spring.agent;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.AcpErrorCodes;
import dev.acp.spring.protocol.LoadSessionRequest;
import dev.acp.spring.protocol.LoadSessionResponse;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PermissionOption;
import dev.acp.spring.protocol.PermissionOptionKind;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.ToolCallStatus;
import dev.acp.spring.protocol.ToolCallUpdate;
import dev.acp.spring.protocol.ToolKind;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Drives the complete small agent shown in README ("A complete small agent"), so that the
 * example compiles and behaves as documented.
 *
 * @author ACP Spring Boot Starter contributors
 */
class ReadmeAgentTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none", "acp.agent.name=notes-agent")
		.withUserConfiguration(NotesConfiguration.class);

	@Test
	void theReadmeAgentAdvertisesItsCapabilitiesAndServesAWholeTurn() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			JsonNode initialized = peer.initialize("{}");
			assertThat(initialized.at("/agentCapabilities/loadSession").asBoolean()).isTrue();
			assertThat(initialized.at("/agentCapabilities/_meta").toString())
				.isEqualTo("{\"notes.example\":{\"version\":\"1.0\",\"methods\":[\"_notes.example/count\"]}}");
			String sessionId = peer.call(1, "session/new", "{\"cwd\":\"/work\",\"mcpServers\":[]}")
				.at("/result/sessionId")
				.asString();
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"session/prompt\",\"params\":{\"sessionId\":\""
					+ sessionId + "\",\"prompt\":[{\"type\":\"text\",\"text\":\"buy milk\"}]}}");
			JsonNode ask = peer.next();
			assertThat(ask.get("method").asString()).isEqualTo("session/request_permission");
			assertThat(ask.at("/params/toolCall/title").asString()).isEqualTo("Save \"buy milk\"");
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":" + ask.get("id")
					+ ",\"result\":{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"save\"}}}");
			JsonNode saved = peer.next();
			assertThat(saved.at("/params/update/sessionUpdate").asString()).isEqualTo("tool_call_update");
			assertThat(saved.at("/params/update/status").asString()).isEqualTo("completed");
			JsonNode reply = peer.next();
			assertThat(reply.at("/params/update/content/text").asString()).isEqualTo("Saved. 1 note(s).");
			assertThat(peer.next().at("/result/stopReason").asString()).isEqualTo("end_turn");
			assertThat(peer.call(3, "_notes.example/count", "{\"sessionId\":\"" + sessionId + "\"}")
				.at("/result/count")
				.asInt()).isOne();
			peer.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"session/load\",\"params\":{\"sessionId\":\""
					+ sessionId + "\",\"cwd\":\"/work\",\"mcpServers\":[]}}");
			JsonNode replayed = peer.next();
			assertThat(replayed.at("/params/update/sessionUpdate").asString()).isEqualTo("user_message_chunk");
			assertThat(replayed.at("/params/update/content/text").asString()).isEqualTo("buy milk");
			assertThat(peer.next().get("id").asInt()).isEqualTo(4);
			JsonNode unknown = peer.call(5, "session/prompt",
					"{\"sessionId\":\"nope\",\"prompt\":[{\"type\":\"text\",\"text\":\"x\"}]}");
			assertThat(unknown.at("/error/code").asInt()).isEqualTo(-32002);
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class NotesConfiguration {

		@Bean
		NotesAgent notesAgent() {
			return new NotesAgent();
		}

	}

	// README: "A complete small agent" (keep the two in step)
	@AcpExtension(value = "notes.example", version = "1.0")
	static class NotesAgent {

		private final Map<String, List<String>> notes = new ConcurrentHashMap<>();

		@AcpMethod("session/new")
		NewSessionResponse newSession(NewSessionRequest request) {
			String sessionId = "sess_" + UUID.randomUUID();
			this.notes.put(sessionId, new CopyOnWriteArrayList<>());
			return new NewSessionResponse(sessionId);
		}

		@AcpMethod("session/load") // advertises loadSession: true
		LoadSessionResponse load(LoadSessionRequest request, AcpClient client) {
			for (String note : session(request.sessionId())) {
				client.userMessageChunk(request.sessionId(), note);
			}
			return new LoadSessionResponse();
		}

		@AcpMethod("session/prompt")
		PromptResponse prompt(PromptRequest request, AcpRequestContext context) throws Exception {
			String sessionId = request.sessionId();
			List<String> session = session(sessionId);
			AcpClient client = context.client();
			ToolCallUpdate save = new ToolCallUpdate("save-" + session.size())
				.withTitle("Save \"" + request.text() + "\"", ToolKind.EDIT);
			// blocks until the user answers; a session/cancel interrupts it and the
			// starter answers the turn with stopReason "cancelled"
			RequestPermissionOutcome outcome = client
				.requestPermission(new RequestPermissionRequest(sessionId, save,
						List.of(new PermissionOption("save", "Save", PermissionOptionKind.ALLOW_ONCE),
								new PermissionOption("skip", "Skip", PermissionOptionKind.REJECT_ONCE))))
				.get()
				.outcome();
			if (outcome instanceof RequestPermissionOutcome.Selected selected && selected.optionId().equals("save")) {
				session.add(request.text());
				client.toolCallUpdate(sessionId, save.withStatus(ToolCallStatus.COMPLETED));
				client.agentMessageChunk(sessionId, "Saved. " + session.size() + " note(s).");
			}
			return new PromptResponse(StopReason.END_TURN);
		}

		@AcpMethod("_notes.example/count")
		Map<String, Integer> count(CountParams params) {
			return Map.of("count", session(params.sessionId()).size());
		}

		private List<String> session(String sessionId) {
			List<String> session = this.notes.get(sessionId);
			if (session == null) {
				throw new AcpException(AcpErrorCodes.RESOURCE_NOT_FOUND, "Resource not found",
						Map.of("sessionId", sessionId));
			}
			return session;
		}

		record CountParams(String sessionId) {
		}

	}

}
