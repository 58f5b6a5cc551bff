package dev.acp.spring.inspector;

import dev.acp.spring.autoconfigure.AcpHttpProperties;
import dev.acp.spring.autoconfigure.AcpWebSocketProperties;
import dev.acp.spring.autoconfigure.AcpProtocolProperties;
import dev.acp.spring.transport.websocket.BearerToken;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.servlet.function.RouterFunction;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.startsWith;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Tests for the routes {@link AcpInspectorAutoConfiguration} serves: the page's files,
 * {@code config.json} and {@code validate}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class InspectorRoutesTests {

	private static final String PROMPT_WITHOUT_PROMPT = """
			{"protocolVersion":1,"from":"client","frame":{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"sess_1"}}}""";

	private static final String VALID_PROMPT = """
			{"protocolVersion":1,"from":"client","frame":{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"sess_1","prompt":[{"type":"text","text":"hi"}]}}}""";

	private final WebApplicationContextRunner runner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(AcpInspectorAutoConfiguration.class))
		.withUserConfiguration(AcpPropertiesConfiguration.class)
		.withPropertyValues("acp.inspector.enabled=true");

	@Test
	void thePathRedirectsToThePageDirectory() {
		withMvc((mvc) -> mvc.perform(get("/inspector"))
			.andExpect(status().isTemporaryRedirect())
			.andExpect(header().string("Location", "/inspector/")));
	}

	@Test
	void thePageIsIndexHtmlWithItsSecurityHeaders() {
		withMvc((mvc) -> mvc.perform(get("/inspector/"))
			.andExpect(status().isOk())
			.andExpect(content().contentType("text/html;charset=UTF-8"))
			.andExpect(header().string("Cache-Control", "no-cache"))
			.andExpect(header().string("X-Content-Type-Options", "nosniff"))
			.andExpect(
					header().string("Content-Security-Policy", startsWith("default-src 'self'; connect-src 'self';")))
			.andExpect(content().string(containsString("<script type=\"module\" src=\"js/main.js\"></script>"))));
	}

	@Test
	void scriptsAndStylesHaveTheirContentTypes() {
		withMvc((mvc) -> {
			mvc.perform(get("/inspector/js/main.js"))
				.andExpect(status().isOk())
				.andExpect(content().contentType("text/javascript;charset=UTF-8"))
				.andExpect(header().string("Cache-Control", "no-cache"));
			mvc.perform(get("/inspector/inspector.css"))
				.andExpect(status().isOk())
				.andExpect(content().contentType("text/css;charset=UTF-8"));
		});
	}

	@Test
	void nothingOutsideThePageIsServed() {
		withMvc((mvc) -> {
			mvc.perform(get("/inspector/../schema/v1/schema.json")).andExpect(status().isNotFound());
			mvc.perform(get("/inspector/js")).andExpect(status().isNotFound());
			mvc.perform(get("/inspector/missing.js")).andExpect(status().isNotFound());
			mvc.perform(get("/inspector/META-INF/MANIFEST.MF")).andExpect(status().isNotFound());
		});
	}

	@Test
	void configJsonNamesTheEndpointItsTransportsAndProtocolVersions() {
		withMvc((mvc) -> mvc.perform(get("/inspector/config.json"))
			.andExpect(status().isOk())
			.andExpect(content().json("""
					{"mode":"remote","endpoint":"/agent","transports":["http","websocket"],"protocolVersions":[1,2]}""",
					true)),
				"acp.websocket.path=/agent", "acp.protocol.versions=1,2");
	}

	@Test
	void configJsonOffersWebSocketAloneWithoutStreamableHttp() {
		withMvc((mvc) -> mvc.perform(get("/inspector/config.json")).andExpect(content().json("""
				{"mode":"remote","endpoint":"/acp","transports":["websocket"],"protocolVersions":[1]}""", true)),
				"acp.http.streamable.enabled=false");
	}

	@Test
	void validateAnswersAValidFrameValid() {
		withMvc((mvc) -> mvc
			.perform(post("/inspector/validate").contentType(MediaType.APPLICATION_JSON).content(VALID_PROMPT))
			.andExpect(status().isOk())
			.andExpect(content().json("{\"valid\":true}", true)));
	}

	@Test
	void validateNamesTheViolationsOfAnInvalidFrame() {
		withMvc((mvc) -> mvc
			.perform(post("/inspector/validate").contentType(MediaType.APPLICATION_JSON).content(PROMPT_WITHOUT_PROMPT))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.valid").value(false))
			.andExpect(jsonPath("$.errors[0]").value(containsString("prompt"))));
	}

	@Test
	void validateRefusesABodyOverOneMebibyte() {
		String large = "{\"protocolVersion\":1,\"from\":\"client\",\"frame\":{\"pad\":\"" + "x".repeat(1024 * 1024)
				+ "\"}}";
		withMvc((mvc) -> mvc.perform(post("/inspector/validate").contentType(MediaType.APPLICATION_JSON).content(large))
			.andExpect(status().isPayloadTooLarge()));
	}

	@Test
	void validateRefusesABodyThatIsNotJson() {
		withMvc((mvc) -> {
			mvc.perform(post("/inspector/validate").contentType(MediaType.APPLICATION_JSON).content("{not json"))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.error").value("The body is not JSON"));
			mvc.perform(post("/inspector/validate").contentType(MediaType.APPLICATION_JSON)
				.content("{\"protocolVersion\":1,\"from\":\"editor\",\"frame\":{}}"))
				.andExpect(status().isBadRequest());
			mvc.perform(post("/inspector/validate").contentType(MediaType.APPLICATION_JSON)
				.content("{\"protocolVersion\":7,\"from\":\"client\",\"frame\":{}}"))
				.andExpect(status().isBadRequest());
		});
	}

	@Test
	void validateNeedsTheAgentsBearerTokenWhenItHasOneWhileThePageStaysPublic() {
		this.runner.withBean(BearerToken.class, () -> new BearerToken("s3cret")).run((context) -> {
			MockMvc mvc = mvc(context.getBean("acpInspectorRoutes", RouterFunction.class));
			mvc.perform(post("/inspector/validate").contentType(MediaType.APPLICATION_JSON).content(VALID_PROMPT))
				.andExpect(status().isUnauthorized())
				.andExpect(header().string("WWW-Authenticate", "Bearer"));
			mvc.perform(post("/inspector/validate").header("Authorization", "Bearer wrong")
				.contentType(MediaType.APPLICATION_JSON)
				.content(VALID_PROMPT)).andExpect(status().isUnauthorized());
			mvc.perform(post("/inspector/validate").header("Authorization", "Bearer s3cret")
				.contentType(MediaType.APPLICATION_JSON)
				.content(VALID_PROMPT)).andExpect(status().isOk()).andExpect(jsonPath("$.valid").value(true));
			mvc.perform(get("/inspector/")).andExpect(status().isOk());
			mvc.perform(get("/inspector/config.json")).andExpect(status().isOk());
		});
	}

	private void withMvc(ThrowingConsumer<MockMvc> requests, String... properties) {
		this.runner.withPropertyValues(properties)
			.run((context) -> requests.accept(mvc(context.getBean("acpInspectorRoutes", RouterFunction.class))));
	}

	private static MockMvc mvc(RouterFunction<?> routes) {
		return MockMvcBuilders.routerFunctions(routes).build();
	}

	interface ThrowingConsumer<T> {

		void accept(T value) throws Exception;

	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties({ AcpWebSocketProperties.class, AcpHttpProperties.class,
			AcpProtocolProperties.class })
	static class AcpPropertiesConfiguration {

	}

}
