package dev.acp.demo;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The demo jar served over WebSocket, secured as documented (a bearer token): the
 * actuator endpoints it exposes need the token, and health answers its status alone
 * without it.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DemoAgentWebSocketSecurityIT {

	private static final Duration STARTUP = Duration.ofSeconds(60);

	private static final Pattern STARTED = Pattern.compile("Tomcat started on port (\\d+)");

	private final HttpClient http = HttpClient.newHttpClient();

	@Test
	void securedDemoServesActuatorDetailsOnlyWithTheToken() throws Exception {
		String token = "demo-" + UUID.randomUUID();
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.transport=websocket", "--server.port=0",
				"--acp.websocket.auth.bearer-token=" + token)) {
			int port = port(agent);
			for (String path : new String[] { "/actuator/acp", "/actuator/metrics", "/actuator" }) {
				HttpResponse<String> refused = get(port, path, null);
				assertThat(refused.statusCode()).as(path).isEqualTo(401);
				assertThat(refused.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
				assertThat(get(port, path, "Bearer " + token).statusCode()).as(path).isEqualTo(200);
			}
			assertThat(get(port, "/actuator/acp", "Bearer " + token).body()).contains("_demo.acp/echo");
			JsonNode anonymous = JsonMapper.builder().build().readTree(get(port, "/actuator/health", null).body());
			assertThat(anonymous.get("status").asString()).isEqualTo("UP");
			assertThat(anonymous.propertyNames()).doesNotContain("components", "details");
			assertThat(get(port, "/actuator/health/acp", null).body()).doesNotContain("websocket", "handlers");
			JsonNode authorized = JsonMapper.builder()
				.build()
				.readTree(get(port, "/actuator/health", "Bearer " + token).body());
			assertThat(authorized.at("/components/acp/details/transport").asString()).isEqualTo("websocket");
			assertThat(agent.stdoutLines()).noneMatch((line) -> line.contains(token));
			assertThat(agent.stderr()).doesNotContain(token);
		}
	}

	@Test
	void emptyBearerTokenFailsStartupNamingTheProperty() throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.transport=websocket", "--server.port=0",
				"--acp.websocket.auth.bearer-token=")) {
			assertThat(agent.awaitExit(STARTUP)).isNotZero();
			assertThat(String.join("\n", agent.stdoutLines()) + agent.stderr())
				.contains("acp.websocket.auth.bearer-token")
				.contains("APPLICATION FAILED TO START");
		}
	}

	private static int port(DemoAgentProcess agent) throws InterruptedException {
		long deadline = System.nanoTime() + STARTUP.toNanos();
		while (true) {
			Duration left = Duration.ofNanos(Math.max(1, deadline - System.nanoTime()));
			Matcher started = STARTED.matcher(agent.nextLine(left));
			if (started.find()) {
				return Integer.parseInt(started.group(1));
			}
		}
	}

	private HttpResponse<String> get(int port, String path, String authorization) throws Exception {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
	}

}
