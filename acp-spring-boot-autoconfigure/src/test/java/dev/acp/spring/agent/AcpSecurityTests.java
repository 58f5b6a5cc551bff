package dev.acp.spring.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lines of docs/security.md ("Security and limits") about what reaches the wire and
 * the logs: nothing internal is answered, and payloads are never logged.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class AcpSecurityTests {

	private static final String MARKER = "p4yl0ad-m4rker";

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(HandlersConfiguration.class);

	private List<JsonNode> exchangeFaultyMessages(TestPeer peer) throws InterruptedException {
		List<JsonNode> answers = new ArrayList<>();
		String payload = "{\"secret\":\"" + MARKER + "\",\"count\":\"" + MARKER + "\"}";
		answers.add(peer.call(1, "_sec.test/fails", payload));
		answers.add(peer.call(2, "_sec.test/overflows", payload));
		answers.add(peer.call(3, "_sec.test/typed", payload));
		answers.add(peer.call(4, "_sec.test/unknown", payload));
		answers.add(peer.call(5, "session/prompt", payload));
		peer.send("{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"_sec.test/fails\",\"params\":{\"" + MARKER + "\":");
		answers.add(peer.next());
		peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_sec.test/event\",\"params\":" + payload + "}");
		peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_sec.test/event\",\"params\":[\"" + MARKER + "\"]}");
		answers.add(peer.call(7, "_sec.test/typed", "{\"count\":1}"));
		return answers;
	}

	@Test
	void errorsCarryNoExceptionMessagesClassNamesOrStackTraces() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			List<JsonNode> answers = exchangeFaultyMessages(peer);
			assertThat(answers.get(0).at("/error/code").asInt()).isEqualTo(-32603);
			assertThat(answers.get(1).at("/error/code").asInt()).isEqualTo(-32603);
			assertThat(answers.get(2).at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(answers.get(6).at("/result/count").asInt()).isOne();
			for (JsonNode answer : answers) {
				String text = answer.toString();
				assertThat(text).doesNotContain("internal detail", "Exception", "Error:", "java.", "dev.acp",
						"tools.jackson", "\\tat ");
			}
		});
	}

	@Test
	void payloadsAreNeverLogged(CapturedOutput output) {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			exchangeFaultyMessages(peer);
		});
		assertThat(output).contains("Handler of '_sec.test/fails' failed").doesNotContain(MARKER);
	}

	@Configuration(proxyBeanMethods = false)
	static class HandlersConfiguration {

		@Bean
		Handlers handlers() {
			return new Handlers();
		}

	}

	@AcpExtension("sec.test")
	static class Handlers {

		@AcpMethod("_sec.test/fails")
		Map<String, Object> fails(JsonNode params) {
			throw new IllegalStateException("internal detail");
		}

		@AcpMethod("_sec.test/overflows")
		Map<String, Object> overflows(JsonNode params) {
			throw new StackOverflowError("internal detail");
		}

		@AcpMethod("_sec.test/typed")
		Map<String, Object> typed(Counted params) {
			return Map.of("count", params.count());
		}

		@AcpNotification("_sec.test/event")
		void event(Counted params) {
		}

	}

	record Counted(int count) {
	}

}
