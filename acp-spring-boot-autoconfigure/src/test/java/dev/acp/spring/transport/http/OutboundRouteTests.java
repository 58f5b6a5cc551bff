package dev.acp.spring.transport.http;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of {@link OutboundRoute}: what routing reads of an outbound message, whatever the
 * order of its members.
 *
 * @author ACP Spring Boot Starter contributors
 */
class OutboundRouteTests {

	private static OutboundRoute route(String json) {
		return OutboundRoute.of(json.getBytes(StandardCharsets.UTF_8));
	}

	@Test
	void aNotificationIsRoutedByTheSessionIdOfItsParamsInEitherOrder() {
		assertThat(route("{\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"params\":{\"sessionId\":\"s1\","
				+ "\"update\":{\"content\":{\"text\":\"x\"}}},\"_meta\":{\"traceparent\":\"00-ab-cd-01\"}}"))
			.isEqualTo(new OutboundRoute(false, null, "s1"));
		assertThat(route("{\"params\":{\"update\":{\"sessionId\":\"inner\"},\"sessionId\":\"s2\"},"
				+ "\"method\":\"session/update\",\"jsonrpc\":\"2.0\"}"))
			.isEqualTo(new OutboundRoute(false, null, "s2"));
	}

	@Test
	void aRequestIsNoResponseAndKeepsItsIdWhenItComesFirst() {
		assertThat(route("{\"jsonrpc\":\"2.0\",\"id\":\"p1\",\"method\":\"session/request_permission\","
				+ "\"params\":{\"sessionId\":\"s3\",\"options\":[]}}"))
			.isEqualTo(new OutboundRoute(false, "s:p1", "s3"));
		assertThat(route("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"_x/y\",\"params\":[1,2]}"))
			.isEqualTo(new OutboundRoute(false, "n:7", null));
	}

	@Test
	void aResponseIsRoutedByItsIdAndNeverByASessionId() {
		assertThat(route("{\"jsonrpc\":\"2.0\",\"id\":42,\"result\":{\"sessionId\":\"s4\"}}"))
			.isEqualTo(new OutboundRoute(true, "n:42", null));
		assertThat(route("{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"m\"},\"id\":\"a\"}"))
			.isEqualTo(new OutboundRoute(true, "s:a", null));
	}

	@Test
	void textThatIsNoObjectHasNoRoute() {
		assertThat(route("[1,2]")).isEqualTo(new OutboundRoute(false, null, null));
		assertThat(route("{\"method\":")).isEqualTo(new OutboundRoute(false, null, null));
	}

}
