package dev.acp.spring.transport.http;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;

/**
 * Tests of {@link StreamableHttpMessageFilter}: only a {@code POST} of an open
 * connection's message, on the endpoint, without {@code Origin} and without handler
 * interceptors, is served straight from the filter.
 *
 * @author ACP Spring Boot Starter contributors
 */
class StreamableHttpMessageFilterTests {

	private final StreamableHttpHandler handler = mock(StreamableHttpHandler.class);

	private final StreamableHttpHandlerMapping mapping = mock(StreamableHttpHandlerMapping.class);

	private final FilterChain chain = mock(FilterChain.class);

	private final StreamableHttpMessageFilter filter = new StreamableHttpMessageFilter("/acp", this.handler,
			this.mapping);

	private static MockHttpServletRequest messagePost() {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/acp");
		request.setServletPath("/acp");
		request.addHeader(StreamableHttpHandler.CONNECTION_ID_HEADER, "c1");
		return request;
	}

	private void assertDirect(MockHttpServletRequest request) throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();
		this.filter.doFilter(request, response, this.chain);
		then(this.handler).should().handleRequest(request, response);
		then(this.chain).should(never()).doFilter(request, response);
	}

	private void assertPassedOn(ServletRequest request) throws Exception {
		ServletResponse response = new MockHttpServletResponse();
		this.filter.doFilter(request, response, this.chain);
		then(this.chain).should().doFilter(request, response);
		then(this.handler).shouldHaveNoInteractions();
	}

	@Test
	void aPostOfAnOpenConnectionsMessageIsServedByTheHandler() throws Exception {
		assertDirect(messagePost());
	}

	@Test
	void thePathInfoIsThePathWhenTheServletHasOne() throws Exception {
		MockHttpServletRequest request = messagePost();
		request.setServletPath("/api");
		request.setPathInfo("/acp");
		assertDirect(request);
	}

	@Test
	void anotherPathInfoGoesOnDownTheChainWhateverTheServletPath() throws Exception {
		MockHttpServletRequest other = messagePost();
		other.setServletPath("/acp");
		other.setPathInfo("/other");
		assertPassedOn(other);
	}

	@Test
	void anotherPathGoesOnDownTheChain() throws Exception {
		MockHttpServletRequest request = messagePost();
		request.setServletPath("/other");
		assertPassedOn(request);
	}

	@Test
	void aPostWithoutConnectionIdGoesOnDownTheChain() throws Exception {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/acp");
		request.setServletPath("/acp");
		assertPassedOn(request);
	}

	@Test
	void otherMethodsGoOnDownTheChain() throws Exception {
		MockHttpServletRequest request = messagePost();
		request.setMethod("GET");
		assertPassedOn(request);
	}

	@Test
	void aPostWithAnOriginGoesOnDownTheChainForCors() throws Exception {
		MockHttpServletRequest request = messagePost();
		request.addHeader("Origin", "http://localhost");
		assertPassedOn(request);
	}

	@Test
	void aPostGoesOnDownTheChainWhenHandlerInterceptorsApply() throws Exception {
		given(this.mapping.hasInterceptors()).willReturn(true);
		assertPassedOn(messagePost());
	}

	@Test
	void aRequestThatIsNotHttpGoesOnDownTheChain() throws Exception {
		assertPassedOn(mock(ServletRequest.class));
	}

}
