package dev.acp.spring.docs.quickstart;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.acp.spring.agent.TestPeer;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.validation.autoconfigure.ValidationAutoConfiguration;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ByteArrayResource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Drives the agent of {@code docs/quick-start.md} with the {@code application.yml} shown
 * there (read from the page): the advertisement and the answers the page tells.
 *
 * @author ACP Spring Boot Starter contributors
 */
class QuickStartAgentTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, ValidationAutoConfiguration.class,
				AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withInitializer((context) -> context.getEnvironment().getPropertySources().addFirst(pageYaml()))
		.withBean(Analytics.class)
		.withBean(Sessions.class);

	@Test
	void theAdvertisementIsTheOneThePageShows() {
		this.contextRunner.run((context) -> {
			JsonNode initialized = new TestPeer(context).initialize("{}");
			JsonNode shown = JsonMapper.builder()
				.build()
				.readTree("{\"example.com/analytics\": {\"version\": \"1.0\", "
						+ "\"methods\": [\"_example.com/analytics/summary\"], "
						+ "\"notifications\": [\"_example.com/analytics/event\"], "
						+ "\"events\": [\"tool_execution\", \"model_call\"]}}");
			assertThat(initialized.at("/agentCapabilities/_meta")).isEqualTo(shown);
		});
	}

	@Test
	void theSummaryCountsTheEventsSentBeforeIt() {
		this.contextRunner.run((context) -> {
			TestPeer peer = new TestPeer(context);
			peer.initialize("{}");
			peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"_example.com/analytics/event\","
					+ "\"params\":{\"name\":\"model_call\"}}");
			assertThat(peer.call(1, "_example.com/analytics/summary", "{\"event\":\"model_call\"}").get("result"))
				.hasToString("{\"total\":1}");
			JsonNode invalid = peer.call(2, "_example.com/analytics/summary", "{}");
			assertThat(invalid.at("/error/code").asInt()).isEqualTo(-32602);
			assertThat(invalid.at("/error/data").toString()).contains("event");
		});
	}

	private static PropertySource<?> pageYaml() {
		try {
			String page = Files.readString(Path.of("../docs/quick-start.md"));
			int start = page.indexOf("```yaml\n") + "```yaml\n".length();
			String yaml = page.substring(start, page.indexOf("```", start));
			return new YamlPropertySourceLoader()
				.load("docs/quick-start.md", new ByteArrayResource(yaml.getBytes(StandardCharsets.UTF_8)))
				.get(0);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
