package dev.acp.spring.transport.http;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.context.support.StaticApplicationContext;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.HttpRequestHandler;
import org.springframework.web.servlet.HandlerExecutionChain;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.util.ServletRequestPathUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/**
 * Tests of {@link StreamableHttpHandlerMapping}: the endpoint's requests but WebSocket
 * upgrades go to the handler, and browsers of allowed origins get CORS.
 *
 * @author ACP Spring Boot Starter contributors
 */
class StreamableHttpHandlerMappingTests {

	private final StreamableHttpHandler handler = mock(StreamableHttpHandler.class);

	private static MockHttpServletRequest request(String method, String path) {
		MockHttpServletRequest request = new MockHttpServletRequest(method, path);
		ServletRequestPathUtils.parseAndCache(request);
		return request;
	}

	@Test
	void theEndpointsRequestsGoToTheHandlerBeforeOtherMappings() throws Exception {
		StreamableHttpHandlerMapping mapping = new StreamableHttpHandlerMapping("/acp", this.handler);
		assertThat(mapping.getOrder()).isEqualTo(-1);
		HandlerExecutionChain chain = mapping.getHandler(request("POST", "/acp"));
		assertThat(chain).isNotNull();
		assertThat(chain.getHandler()).isSameAs(this.handler);
		assertThat(mapping.getHandler(request("GET", "/other"))).isNull();
	}

	@Test
	void aWebSocketUpgradeFallsThrough() throws Exception {
		StreamableHttpHandlerMapping mapping = new StreamableHttpHandlerMapping("/acp", this.handler);
		MockHttpServletRequest upgrade = request("GET", "/acp");
		upgrade.addHeader("Upgrade", "WebSocket");
		assertThat(mapping.getHandler(upgrade)).isNull();
		MockHttpServletRequest other = request("GET", "/acp");
		other.addHeader("Upgrade", "h2c");
		assertThat(mapping.getHandler(other)).isNotNull();
	}

	@Test
	void interceptorsAreReported() {
		StreamableHttpHandlerMapping mapping = new StreamableHttpHandlerMapping("/acp", this.handler);
		assertThat(mapping.hasInterceptors()).isFalse();
		StreamableHttpHandlerMapping intercepted = new StreamableHttpHandlerMapping("/acp", this.handler);
		intercepted.setInterceptors(new HandlerInterceptor() {
		});
		StaticApplicationContext context = new StaticApplicationContext();
		context.refresh();
		intercepted.setApplicationContext(context);
		assertThat(intercepted.hasInterceptors()).isTrue();
	}

	@Test
	void browsersOfAnAllowedOriginGetCorsWithTheConnectionIdExposed() throws Exception {
		StreamableHttpHandlerMapping mapping = new StreamableHttpHandlerMapping("/acp", this.handler,
				List.of("https://*.example"));
		MockHttpServletRequest preflight = request("OPTIONS", "/acp");
		preflight.addHeader("Origin", "https://app.example");
		preflight.addHeader("Access-Control-Request-Method", "POST");
		preflight.addHeader("Access-Control-Request-Headers", "Acp-Session-Id");
		MockHttpServletResponse response = serve(mapping, preflight);
		assertThat(response.getHeader("Access-Control-Allow-Origin")).isEqualTo("https://app.example");
		assertThat(response.getHeader("Access-Control-Allow-Methods")).isEqualTo("GET,POST,DELETE");
		assertThat(response.getHeader("Access-Control-Allow-Headers")).isEqualTo("Acp-Session-Id");
		assertThat(response.getHeader("Access-Control-Allow-Credentials")).isEqualTo("true");
		MockHttpServletRequest post = request("POST", "/acp");
		post.addHeader("Origin", "https://app.example");
		MockHttpServletResponse postResponse = serve(mapping, post);
		assertThat(postResponse.getHeader("Access-Control-Expose-Headers")).isEqualTo("Acp-Connection-Id");
	}

	@Test
	void withoutAllowedOriginsThereIsNoCors() throws Exception {
		StreamableHttpHandlerMapping mapping = new StreamableHttpHandlerMapping("/acp", this.handler, List.of());
		MockHttpServletRequest preflight = request("OPTIONS", "/acp");
		preflight.addHeader("Origin", "https://app.example");
		preflight.addHeader("Access-Control-Request-Method", "POST");
		assertThat(serve(mapping, preflight).getHeader("Access-Control-Allow-Origin")).isNull();
	}

	/** Serve a request as the dispatcher servlet does: interceptors, then the handler. */
	private static MockHttpServletResponse serve(StreamableHttpHandlerMapping mapping, MockHttpServletRequest request)
			throws Exception {
		HandlerExecutionChain chain = mapping.getHandler(request);
		MockHttpServletResponse response = new MockHttpServletResponse();
		for (HandlerInterceptor interceptor : chain.getInterceptorList()) {
			if (!interceptor.preHandle(request, response, chain.getHandler())) {
				return response;
			}
		}
		((HttpRequestHandler) chain.getHandler()).handleRequest(request, response);
		return response;
	}

}
