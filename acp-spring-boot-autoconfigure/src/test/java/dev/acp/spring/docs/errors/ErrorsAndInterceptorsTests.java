package dev.acp.spring.docs.errors;

import dev.acp.spring.agent.TestPeer;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Drives the advice and interceptors of the section "Errors and interceptors" of
 * {@code docs/programming-model.md}: the answers the page tells.
 *
 * @author ACP Spring Boot Starter contributors
 */
class ErrorsAndInterceptorsTests {

	private static final String ACME = "\"_meta\":{\"example.com/tenant\":\"acme\"}";

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withBean(Orders.class)
		.withBean(AgentErrors.class)
		.withBean(TenantCheck.class)
		.withBean(AuditLog.class);

	@Test
	void theQuotaFailureIsAnsweredWithTheAdvicesError() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode error = peer.call(1, "_example.com/orders/place", "{\"quantity\":4," + ACME + "}").get("error");
			assertThat(error.get("code").asInt()).isEqualTo(-32050);
			assertThat(error.at("/data/limit").asInt()).isEqualTo(3);
			assertThat(error.at("/data/method").asString()).isEqualTo("_example.com/orders/place");
		});
	}

	@Test
	void anAdviceThatReturnsNothingLeavesTheBuiltInInternalError() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode answer = peer.call(1, "_example.com/orders/place", "{\"quantity\":0," + ACME + "}");
			assertThat(answer.get("error").toString()).isEqualTo("{\"code\":-32603,\"message\":\"Internal error\"}");
			assertThat(context.getBean(AgentErrors.class).unexpected.sum()).isOne();
		});
	}

	@Test
	void anUnknownTenantIsRefusedBeforeTheHandlerAndTheAuditSeesOnlyKnownTenants() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			JsonNode refused = peer.call(1, "_example.com/orders/place",
					"{\"quantity\":1,\"_meta\":{\"example.com/tenant\":\"initech\"}}");
			assertThat(refused.get("error").toString())
				.isEqualTo("{\"code\":-32000,\"message\":\"Unknown tenant\",\"data\":\"initech\"}");
			JsonNode placed = peer.call(2, "_example.com/orders/place",
					"{\"quantity\":1,\"sessionId\":\"sess_1\"," + ACME + "}");
			assertThat(placed.at("/result/placed").asBoolean()).isTrue();
			assertThat(context.getBean(AuditLog.class).entries)
				.containsExactly("_example.com/orders/place session=sess_1 failed=false");
		});
	}

}
