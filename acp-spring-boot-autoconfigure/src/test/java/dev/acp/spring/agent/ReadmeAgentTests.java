package dev.acp.spring.agent;

import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.docs.notes.NotesApplication;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Drives the complete small agent shown in {@code docs/programming-model.md} ("A complete
 * small agent"), so that the example compiles and behaves as documented.
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

	// the agent of docs/programming-model.md "A complete small agent", without its
	// application class
	@Configuration(proxyBeanMethods = false)
	@ComponentScan(basePackageClasses = NotesApplication.class,
			excludeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = NotesApplication.class))
	static class NotesConfiguration {

	}

}
