package dev.acp.demo;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The ACP inspector page served beside the demo jar ({@code acp.inspector.enabled=true}),
 * driven in headless Chromium: it connects over WebSocket or Streamable HTTP (with the
 * agent's bearer token), shows the demo's extensions, calls one through its form, runs
 * prompt turns (one asking permission through the page's dialog), checks the
 * extensibility rules and marks the frames the schema refuses.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DemoInspectorIT {

	private static final Duration STARTUP = Duration.ofSeconds(60);

	private static final Path SCREENSHOT = Paths.get("..", "docs", "images", "inspector-remote.png");

	@Test
	void thePageShowsTheDemoOverWebSocketAndItsTrafficFollowsTheSchema(@TempDir Path profile) throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.transport=websocket", "--server.port=0",
				"--acp.inspector.enabled=true"); InspectorBrowser page = InspectorBrowser.open(url(agent), profile)) {
			page.connect("websocket", null);
			assertThat(page.extensions()).contains("demo.acp", "example.com/analytics");
			JsonNode echoed = page.call("_demo.acp/echo", null, "{\"hello\":\"inspector\",\"n\":[1,2]}");
			assertThat(echoed.at("/params/hello").asString()).isEqualTo("inspector");
			assertThat(echoed.at("/params/n/1").asInt()).isEqualTo(2);
			page.newSession();
			assertThat(page.prompt("hello inspector")).isEqualTo("end_turn");
			assertThat(page.hooks("message-chunk")).extracting(WebElement::getText).containsExactly("hello inspector");
			assertThat(page.prompt("tool", "allow")).isEqualTo("end_turn");
			assertThat(page.hook("permission-dialog").isDisplayed()).isFalse();
			assertThat(page.hooks("tool-call")).singleElement()
				.satisfies((call) -> assertThat(call.getDomAttribute("data-status")).isEqualTo("completed"))
				.satisfies((call) -> assertThat(call.getText()).contains("Edit README.md", "Edited README.md"));
			assertThat(page.hook("plan").findElements(By.cssSelector("li")))
				.extracting((entry) -> entry.getDomAttribute("data-status"))
				.containsExactly("completed", "completed");
			assertThat(page.hooks("message-chunk")).extracting(WebElement::getText)
				.last()
				.isEqualTo("Done: README.md was edited.");
			List<WebElement> rules = page.checkExtensibility();
			assertThat(rules).hasSizeGreaterThanOrEqualTo(5)
				.allSatisfy((rule) -> assertThat(rule.getDomAttribute("data-ok")).as(rule.getText()).isEqualTo("true"));
			assertThat(page.validatedLog()).isNotEmpty()
				.allSatisfy((entry) -> assertThat(entry.getDomAttribute("data-valid"))
					.as(entry.getDomAttribute("data-direction") + " " + entry.getDomAttribute("data-method"))
					.isIn("true", "unchecked"));
			page.screenshotForDocs(SCREENSHOT);
		}
	}

	@Test
	void thePageTalksStreamableHttpWithTheAgentsBearerToken(@TempDir Path profile) throws Exception {
		String token = "demo-" + UUID.randomUUID();
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.transport=websocket", "--server.port=0",
				"--acp.inspector.enabled=true", "--acp.websocket.auth.bearer-token=" + token);
				InspectorBrowser page = InspectorBrowser.open(url(agent), profile)) {
			page.connect("http", token);
			assertThat(page.extensions()).contains("demo.acp", "example.com/analytics");
			JsonNode echoed = page.call("_demo.acp/echo", null, "{\"over\":\"http\"}");
			assertThat(echoed.at("/params/over").asString()).isEqualTo("http");
			page.newSession();
			assertThat(page.prompt("hello over http")).isEqualTo("end_turn");
			assertThat(page.hooks("message-chunk")).extracting(WebElement::getText).containsExactly("hello over http");
			// validated with the token: no frame is left unchecked for want of it
			assertThat(page.validatedLog()).isNotEmpty()
				.allSatisfy((entry) -> assertThat(entry.getDomAttribute("data-valid")).isIn("true", "unchecked"))
				.anySatisfy((entry) -> assertThat(entry.getDomAttribute("data-valid")).isEqualTo("true"));
		}
	}

	@Test
	void anInvalidRequestFromTheRawCallIsMarkedWithTheValidatorsError(@TempDir Path profile) throws Exception {
		try (DemoAgentProcess agent = DemoAgentProcess.start("--acp.transport=websocket", "--server.port=0",
				"--acp.inspector.enabled=true"); InspectorBrowser page = InspectorBrowser.open(url(agent), profile)) {
			page.connect("websocket", null);
			String sessionId = page.newSession();
			JsonNode answer = page.call("raw", "session/prompt", "{\"sessionId\":\"" + sessionId + "\"}");
			assertThat(answer.at("/error/code").asInt()).isEqualTo(-32602);
			List<WebElement> log = page.validatedLog();
			WebElement request = log.stream()
				.filter((entry) -> "out".equals(entry.getDomAttribute("data-direction"))
						&& "session/prompt".equals(entry.getDomAttribute("data-method")))
				.findFirst()
				.orElseThrow();
			assertThat(request.getDomAttribute("data-valid")).isEqualTo("false");
			assertThat(request.findElements(By.cssSelector("[data-test=log-violation]")))
				.extracting(WebElement::getText)
				.containsExactly("$.params: required property 'prompt' not found");
			assertThat(log).filteredOn((entry) -> !entry.equals(request))
				.allSatisfy((entry) -> assertThat(entry.getDomAttribute("data-valid")).isIn("true", "unchecked"));
		}
	}

	private static String url(DemoAgentProcess agent) throws InterruptedException {
		return "http://127.0.0.1:" + agent.port(STARTUP) + "/inspector/";
	}

}
