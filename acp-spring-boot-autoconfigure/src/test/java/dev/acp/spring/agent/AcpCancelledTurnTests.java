package dev.acp.spring.agent;

import java.util.Map;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.StopReason;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A cancelled prompt turn's calls still pending at the client are cancelled there with
 * {@code $/cancel_request}, and the turn answers {@code cancelled} without waiting for
 * them, even when its handler waits for a call without an end of its own.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpCancelledTurnTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(BuffersAgent.class);

	@Test
	void aCancelledTurnsCallPendingAtTheClientGetsCancelRequestAndTheTurnAnswersCancelledAtOnce() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{\"_meta\":{\"zed.dev\":{\"workspace\":true}}}");
			JsonNode buffers = CancelledTurns.prompt(peer, "buffers");
			assertThat(buffers.get("method").asString()).isEqualTo("_zed.dev/workspace/buffers");

			CancelledTurns.cancelAndAssertAnsweredCancelled(peer, buffers);
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class BuffersAgent {

		@Bean
		Buffers buffers() {
			return new Buffers();
		}

	}

	static class Buffers {

		/**
		 * Waits for the client's buffers with {@code join()}, which no interrupt ends.
		 */
		@AcpMethod("session/prompt")
		PromptResponse prompt(PromptRequest request, AcpRequestContext context) {
			context.client().request("_zed.dev/workspace/buffers", Map.of("language", "rust"), JsonNode.class).join();
			return new PromptResponse(StopReason.END_TURN);
		}

	}

}
