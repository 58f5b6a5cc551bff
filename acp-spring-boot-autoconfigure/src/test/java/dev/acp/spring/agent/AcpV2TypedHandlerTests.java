package dev.acp.spring.agent;

import java.util.List;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.protocol.v2.McpServer;
import dev.acp.spring.protocol.v2.NewSessionRequest;
import dev.acp.spring.protocol.v2.NewSessionResponse;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of a handler that takes and returns the v2 records directly.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpV2TypedHandlerTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none", "acp.protocol.versions=1,2")
		.withUserConfiguration(HandlersConfiguration.class);

	@Test
	void aHandlerTakingTheV2RecordsIsServedOnAV2Connection() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context, "stdio");
			peer.call(0, "initialize", "{\"protocolVersion\":2,\"info\":{\"name\":\"v2-client\",\"version\":\"2.4\"}}");
			JsonNode answer = peer.call("session/new", "{\"cwd\":\"/work\",\"additionalDirectories\":[\"/lib\"],"
					+ "\"mcpServers\":[{\"type\":\"stdio\",\"name\":\"tools\",\"command\":\"/bin/tools\"}]}");
			assertThat(answer.at("/result/sessionId").asString()).as(answer.toString())
				.isEqualTo("sess_/work_/lib_stdio:/bin/tools");
			assertThat(answer.at("/result/availableCommands/0/type").asString()).isEqualTo("command");
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class HandlersConfiguration {

		@Bean
		Handlers handlers() {
			return new Handlers();
		}

	}

	static class Handlers {

		@AcpMethod("session/new")
		NewSessionResponse newSession(NewSessionRequest request) {
			McpServer server = request.mcpServers().get(0);
			String named = (server instanceof McpServer.Stdio stdio) ? "stdio:" + stdio.command() : "other";
			return new NewSessionResponse(
					"sess_" + request.cwd() + "_" + request.additionalDirectories().get(0) + "_" + named, null,
					List.of(new dev.acp.spring.protocol.v2.AvailableCommand.Command("test", "Run tests")), null);
		}

	}

}
