package dev.acp.spring.transport.http;

import io.micrometer.observation.Observation;
import org.junit.jupiter.api.Test;

import org.springframework.http.server.observation.ServerRequestObservationContext;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of {@link StreamableHttpObservationPredicate}: only the {@code POST}s of an open
 * connection's messages, on the endpoint, are not observed.
 *
 * @author ACP Spring Boot Starter contributors
 */
class StreamableHttpObservationPredicateTests {

	private final StreamableHttpObservationPredicate predicate = new StreamableHttpObservationPredicate("/acp");

	private boolean observed(MockHttpServletRequest request) {
		return this.predicate.test("http.server.requests",
				new ServerRequestObservationContext(request, new MockHttpServletResponse()));
	}

	private static MockHttpServletRequest messagePost() {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/acp");
		request.setServletPath("/acp");
		request.addHeader(StreamableHttpHandler.CONNECTION_ID_HEADER, "c1");
		return request;
	}

	@Test
	void aPostOfAnOpenConnectionsMessageIsNotObserved() {
		assertThat(observed(messagePost())).isFalse();
		MockHttpServletRequest withPathInfo = messagePost();
		withPathInfo.setServletPath("/api");
		withPathInfo.setPathInfo("/acp");
		assertThat(observed(withPathInfo)).isFalse();
	}

	@Test
	void everyOtherRequestIsObserved() {
		MockHttpServletRequest opening = new MockHttpServletRequest("POST", "/acp");
		opening.setServletPath("/acp");
		assertThat(observed(opening)).as("the POST that opens a connection").isTrue();
		MockHttpServletRequest get = messagePost();
		get.setMethod("GET");
		assertThat(observed(get)).as("a GET").isTrue();
		MockHttpServletRequest otherPath = messagePost();
		otherPath.setServletPath("/other");
		assertThat(observed(otherPath)).as("another path").isTrue();
		MockHttpServletRequest otherPathInfo = messagePost();
		otherPathInfo.setPathInfo("/other");
		assertThat(observed(otherPathInfo)).as("another path info").isTrue();
	}

	@Test
	void otherObservationsAreKept() {
		assertThat(this.predicate.test("acp", new Observation.Context())).isTrue();
	}

}
