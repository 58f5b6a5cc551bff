package dev.acp.spring.actuate;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import dev.acp.spring.autoconfigure.AcpWebSocketAutoConfiguration;
import dev.acp.spring.protocol.AcpJsonMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.actuate.autoconfigure.endpoint.EndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.endpoint.web.WebEndpointAutoConfiguration;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.actuate.endpoint.web.PathMappedEndpoints;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.health.autoconfigure.actuate.endpoint.HealthEndpointAutoConfiguration;
import org.springframework.boot.health.autoconfigure.contributor.HealthContributorAutoConfiguration;
import org.springframework.boot.health.autoconfigure.registry.HealthContributorRegistryAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With {@code acp.websocket.auth.bearer-token} and no Spring Security, the actuator
 * endpoints need the token too (on a real server, Tomcat on a random port): 401 with
 * {@code WWW-Authenticate: Bearer} without it, and health answers its status alone.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpActuatorBearerTokenTests {

	private static final String SECURITY = "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration";

	private final String token = "s3cr3t-" + UUID.randomUUID();

	private final HttpClient http = HttpClient.newHttpClient();

	private ConfigurableApplicationContext context;

	@AfterEach
	void close() {
		if (this.context != null) {
			this.context.close();
		}
	}

	private int start(String... properties) {
		SpringApplication application = new SpringApplication(AgentApplication.class);
		application.setWebApplicationType(WebApplicationType.SERVLET);
		application.setRegisterShutdownHook(false);
		List<String> args = new ArrayList<>(List.of("--acp.transport=websocket", "--server.port=0",
				"--spring.main.banner-mode=off", "--spring.autoconfigure.exclude=" + SECURITY,
				"--management.endpoints.web.exposure.include=health,acp,metrics",
				"--acp.websocket.auth.bearer-token=" + this.token));
		args.addAll(List.of(properties));
		this.context = application.run(args.toArray(String[]::new));
		return ((WebServerApplicationContext) this.context).getWebServer().getPort();
	}

	private HttpResponse<String> get(int port, String path, String authorization) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path));
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

	private void assertRefused(HttpResponse<String> response) {
		assertThat(response.statusCode()).isEqualTo(401);
		assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
		assertThat(response.body()).doesNotContain("_acpt.test", "measurements", "names", "handlers");
	}

	private static void assertStatusAlone(JsonNode health) {
		assertThat(health.get("status").asString()).isEqualTo("UP");
		assertThat(health.propertyNames()).doesNotContain("components", "details");
	}

	@Test
	void actuatorEndpointsNeedTheBearerToken() throws Exception {
		int port = start();
		for (String path : List.of("/actuator/acp", "/actuator/metrics", "/actuator/metrics/jvm.memory.used",
				"/actuator", "/actuator/")) {
			assertRefused(get(port, path, null));
			assertRefused(get(port, path, "Bearer wrong"));
			assertRefused(get(port, path, "Basic " + this.token));
		}
		HttpResponse<String> acp = get(port, "/actuator/acp", "Bearer " + this.token);
		assertThat(acp.statusCode()).isEqualTo(200);
		assertThat(acp.body()).contains("_acpt.test/echo");
		assertThat(get(port, "/actuator/metrics", "Bearer " + this.token).statusCode()).isEqualTo(200);
		assertThat(get(port, "/actuator", "Bearer " + this.token).statusCode()).isEqualTo(200);
	}

	@Test
	void actuatorEndpointsAcceptEachPersonsTokenToo() throws Exception {
		int port = start("--acp.websocket.auth.tokens.alice=alice-token",
				"--management.endpoint.health.show-details=when-authorized");
		assertThat(get(port, "/actuator/acp", "Bearer alice-token").statusCode()).isEqualTo(200);
		assertThat(get(port, "/actuator/health", "Bearer alice-token").body()).contains("components");
		assertRefused(get(port, "/actuator/acp", "Bearer bob-token"));
	}

	@Test
	void healthWithoutTheTokenAnswersItsStatusAlone() throws Exception {
		int port = start("--management.endpoint.health.show-details=when-authorized");
		HttpResponse<String> anonymous = get(port, "/actuator/health", null);
		assertThat(anonymous.statusCode()).isEqualTo(200);
		JsonNode status = AcpJsonMapper.create().readTree(anonymous.body());
		assertThat(status.get("status").asString()).isEqualTo("UP");
		assertStatusAlone(status);
		assertThat(get(port, "/actuator/health/acp", null).body()).doesNotContain("websocket", "handlers");
		JsonNode authorized = AcpJsonMapper.create()
			.readTree(get(port, "/actuator/health", "Bearer " + this.token).body());
		assertThat(authorized.at("/components/acp/details/transport").asString()).isEqualTo("websocket");
	}

	@Test
	void healthShowsNoDetailsWithoutTheTokenEvenWhenConfiguredToShowThemAlways() throws Exception {
		int port = start("--management.endpoint.health.show-details=always");
		HttpResponse<String> anonymous = get(port, "/actuator/health", null);
		assertThat(anonymous.statusCode()).isEqualTo(200);
		assertStatusAlone(AcpJsonMapper.create().readTree(anonymous.body()));
		assertThat(get(port, "/actuator/health/acp", null).body()).doesNotContain("websocket", "handlers");
		JsonNode authorized = AcpJsonMapper.create()
			.readTree(get(port, "/actuator/health", "Bearer " + this.token).body());
		assertThat(authorized.at("/components/acp/details/transport").asString()).isEqualTo("websocket");
	}

	@Test
	void healthDetailsStayHiddenWithTheTokenWhenConfiguredNever() throws Exception {
		int port = start();
		JsonNode authorized = AcpJsonMapper.create()
			.readTree(get(port, "/actuator/health", "Bearer " + this.token).body());
		assertStatusAlone(authorized);
	}

	@Test
	void actuatorOnASeparateManagementPortNeedsTheBearerToken() throws Exception {
		int port = start("--management.server.port=0", "--management.endpoint.health.show-details=always");
		int management = this.context.getEnvironment().getRequiredProperty("local.management.port", Integer.class);
		assertThat(management).isNotEqualTo(port);
		assertRefused(get(management, "/actuator/acp", null));
		assertRefused(get(management, "/actuator/metrics", null));
		assertThat(get(management, "/actuator/acp", "Bearer " + this.token).statusCode()).isEqualTo(200);
		HttpResponse<String> anonymous = get(management, "/actuator/health", null);
		assertThat(anonymous.statusCode()).isEqualTo(200);
		assertStatusAlone(AcpJsonMapper.create().readTree(anonymous.body()));
		JsonNode authorized = AcpJsonMapper.create()
			.readTree(get(management, "/actuator/health", "Bearer " + this.token).body());
		assertThat(authorized.at("/components/acp/details/transport").asString()).isEqualTo("websocket");
	}

	@Test
	void actuatorUnderAnotherBasePathAndServletPathNeedsTheBearerToken() throws Exception {
		int port = start("--management.endpoints.web.base-path=/manage", "--spring.mvc.servlet.path=/app");
		assertRefused(get(port, "/app/manage/acp", null));
		assertThat(get(port, "/app/manage/acp", "Bearer " + this.token).statusCode()).isEqualTo(200);
	}

	@Test
	void actuatorIsLeftToSpringSecurityWhenTheApplicationHasIt() {
		WebApplicationContextRunner runner = new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
					AcpWebSocketAutoConfiguration.class, AcpActuatorAutoConfiguration.class,
					EndpointAutoConfiguration.class, WebEndpointAutoConfiguration.class,
					HealthContributorAutoConfiguration.class, HealthContributorRegistryAutoConfiguration.class,
					HealthEndpointAutoConfiguration.class))
			.withPropertyValues("acp.transport=websocket", "acp.websocket.auth.bearer-token=" + this.token)
			.withUserConfiguration(Echo.class);
		runner.run((context) -> assertThat(context).hasBean("acpActuatorBearerTokenFilter")
			.hasSingleBean(AuthenticatedHealthDetails.class));
		runner
			.withConfiguration(
					AutoConfigurations.of(SecurityAutoConfiguration.class, ServletWebSecurityAutoConfiguration.class))
			.run((context) -> assertThat(context).hasBean("springSecurityFilterChain")
				.doesNotHaveBean("acpActuatorBearerTokenFilter")
				.doesNotHaveBean(AuthenticatedHealthDetails.class));
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
					AcpWebSocketAutoConfiguration.class, AcpActuatorAutoConfiguration.class,
					EndpointAutoConfiguration.class, WebEndpointAutoConfiguration.class))
			.withPropertyValues("acp.transport=websocket")
			.run((context) -> assertThat(context).doesNotHaveBean("acpActuatorBearerTokenFilter")
				.doesNotHaveBean(AuthenticatedHealthDetails.class));
	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(Echo.class)
	static class AgentApplication {

	}

	static class Echo {

		@AcpMethod("_acpt.test/echo")
		Map<String, Object> echo(JsonNode params) {
			return Map.of("params", params);
		}

	}

}
