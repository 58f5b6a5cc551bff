package dev.acp.spring.inspector.bridge;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The inspector run as a process, the way a person runs it: its standard output is its
 * one start line.
 */
class InspectorStandardOutputTests {

	private static final Pattern START_LINE = Pattern
		.compile("ACP inspector: http://127\\.0\\.0\\.1:(\\d+)/inspector/#token=([A-Za-z0-9_-]{43})");

	@Test
	void printsTheStartLineAsTheOnlyLineOfStandardOutput() throws Exception {
		assertStartLineIsTheOnlyOutput(
				start(ProcessBuilder.Redirect.DISCARD, "--", "node", TestBridge.AGENT.toString()));
	}

	/**
	 * Reads the start line of a starting inspector, checks that its URL serves the page
	 * and its token the configuration, stops the inspector with SIGTERM and checks that
	 * it wrote nothing else.
	 */
	static void assertStartLineIsTheOnlyOutput(Process inspector) throws Exception {
		try {
			BufferedReader output = new BufferedReader(
					new InputStreamReader(inspector.getInputStream(), StandardCharsets.UTF_8));
			String line = CompletableFuture.supplyAsync(() -> readLine(output)).get(120, TimeUnit.SECONDS);
			Matcher start = START_LINE.matcher(line);
			assertThat(start.matches()).as(line).isTrue();
			HttpResponse<String> config = HttpClient.newHttpClient()
				.send(HttpRequest
					.newBuilder(URI.create("http://127.0.0.1:" + start.group(1) + "/inspector/config.json"))
					.header("Authorization", "Bearer " + start.group(2))
					.build(), HttpResponse.BodyHandlers.ofString());
			assertThat(config.statusCode()).isEqualTo(200);
			HttpResponse<String> page = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + start.group(1) + "/inspector/")).build(),
						HttpResponse.BodyHandlers.ofString());
			assertThat(page.statusCode()).isEqualTo(200);
			assertThat(page.body()).contains("data-test=\"connect\"");
			// SIGTERM, without closing the streams as Process.destroy() does
			inspector.toHandle().destroy();
			assertThat(inspector.waitFor(60, TimeUnit.SECONDS)).isTrue();
			List<String> rest = new ArrayList<>();
			String more;
			while ((more = output.readLine()) != null) {
				rest.add(more);
			}
			assertThat(rest).isEmpty();
		}
		finally {
			inspector.destroyForcibly();
		}
	}

	@Test
	void refusesToStartWithoutAnAgentCommand() throws Exception {
		Process inspector = start(ProcessBuilder.Redirect.PIPE, "--acp.inspector.port=0");
		assertThat(inspector.waitFor(60, TimeUnit.SECONDS)).isTrue();
		assertThat(inspector.exitValue()).isEqualTo(AcpInspectorApplication.USAGE_EXIT_CODE);
		assertThat(new String(inspector.getInputStream().readAllBytes(), StandardCharsets.UTF_8)).isEmpty();
		assertThat(new String(inspector.getErrorStream().readAllBytes(), StandardCharsets.UTF_8))
			.contains("No agent command", AgentCommand.USAGE);
	}

	private static Process start(ProcessBuilder.Redirect errors, String... args) throws IOException {
		List<String> command = new ArrayList<>(
				List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
						System.getProperty("java.class.path"), AcpInspectorApplication.class.getName()));
		command.addAll(List.of(args));
		return new ProcessBuilder(command).redirectError(errors).start();
	}

	private static String readLine(BufferedReader reader) {
		try {
			String line = reader.readLine();
			return (line != null) ? line : "";
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
