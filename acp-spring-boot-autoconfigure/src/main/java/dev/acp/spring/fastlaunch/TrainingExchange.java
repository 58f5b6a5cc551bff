package dev.acp.spring.fastlaunch;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A real ACP exchange with an agent spawned over stdio: {@code initialize},
 * {@code session/new}, optionally a {@code session/prompt}, then end of input, on which
 * the agent drains and exits 0 (which writes a class-data archive when it trains one).
 * Every line the agent writes on standard output must be a JSON-RPC message. The agent
 * runs with {@value #EPHEMERAL_SESSIONS}: the sessions of a build never reach the
 * application's session store (a database, say).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class TrainingExchange {

	/**
	 * The argument that keeps the trained agent's sessions in its memory only; the last
	 * of the command, so that through the launcher it reaches the warm agent too.
	 */
	static final String EPHEMERAL_SESSIONS = "--acp.sessions.ephemeral=true";

	private static final long TIMEOUT_SECONDS = 180;

	private static final String END = new String("end of output");

	private final JsonMapper json = JsonMapper.builder().build();

	private final @Nullable String prompt;

	private final String cwd;

	/**
	 * Create an exchange.
	 * @param prompt the text of a {@code session/prompt} to send, or {@code null}
	 * @param cwd the session's working directory
	 */
	TrainingExchange(@Nullable String prompt, String cwd) {
		this.prompt = prompt;
		this.cwd = cwd;
	}

	/**
	 * Spawn the agent, run the exchange and wait for it to exit 0.
	 * @param command the agent's command, to which {@value #EPHEMERAL_SESSIONS} is added
	 * @param log where the agent's standard error goes
	 * @throws IOException when the agent cannot be spawned
	 * @throws IllegalStateException when the agent does not answer, answers an error,
	 * writes anything but JSON-RPC on standard output or exits with another status
	 */
	void run(List<String> command, Path log) throws IOException {
		List<String> ephemeral = new ArrayList<>(command);
		ephemeral.add(EPHEMERAL_SESSIONS);
		Process process = new ProcessBuilder(ephemeral).redirectError(log.toFile()).start();
		OutputStream input = process.getOutputStream();
		BlockingQueue<String> output = new LinkedBlockingQueue<>();
		Thread reader = new Thread(() -> read(process, output), "acp-fast-launch-training");
		reader.setDaemon(true);
		reader.start();
		try {
			send(input, 0, "initialize",
					Map.of("protocolVersion", 1, "clientCapabilities",
							Map.of("fs", Map.of("readTextFile", true, "writeTextFile", true)), "clientInfo",
							Map.of("name", "acp-fast-launch-training", "version", "1")));
			answer(input, output, 0, log);
			send(input, 1, "session/new", Map.of("cwd", this.cwd, "mcpServers", List.of()));
			JsonNode session = answer(input, output, 1, log);
			if (this.prompt != null) {
				String sessionId = session.path("sessionId").asString();
				send(input, 2, "session/prompt",
						Map.of("sessionId", sessionId, "prompt", List.of(Map.of("type", "text", "text", this.prompt))));
				answer(input, output, 2, log);
			}
			input.close();
			if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
				throw new IllegalStateException("The agent did not exit after end of input (see " + log + ")");
			}
			reader.join(TimeUnit.SECONDS.toMillis(TIMEOUT_SECONDS));
			drain(output, log);
			if (process.exitValue() != 0) {
				throw new IllegalStateException(
						"The agent exited with status " + process.exitValue() + " (see " + log + ")");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while training", ex);
		}
		finally {
			process.destroy();
		}
	}

	private static void read(Process process, BlockingQueue<String> output) {
		try (BufferedReader reader = new BufferedReader(
				new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
			for (String line = reader.readLine(); line != null; line = reader.readLine()) {
				output.add(line);
			}
		}
		catch (IOException ex) {
			// the agent went away: reported as a missing answer or its exit status
		}
		finally {
			output.add(END);
		}
	}

	private void send(OutputStream input, int id, String method, Object params) throws IOException {
		Map<String, Object> message = Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", params);
		input.write((this.json.writeValueAsString(message) + "\n").getBytes(StandardCharsets.UTF_8));
		input.flush();
	}

	// END is a sentinel instance, never a line read: compared by identity
	@SuppressWarnings("ReferenceEquality")
	private JsonNode answer(OutputStream input, BlockingQueue<String> output, int id, Path log)
			throws IOException, InterruptedException {
		while (true) {
			String line = output.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS);
			if (line == null || line == END) {
				throw new IllegalStateException("The agent did not answer request " + id + " (see " + log + ")");
			}
			JsonNode message = message(line, log);
			if (message.has("method") && message.has("id")) {
				refuse(input, message);
			}
			else if (!message.has("method") && message.path("id").asInt(-1) == id) {
				if (message.has("error")) {
					throw new IllegalStateException("The agent answered request " + id + " with an error: "
							+ message.get("error") + " (see " + log + ")");
				}
				return message.path("result");
			}
		}
	}

	/**
	 * Check what the agent wrote after end of input. A JVM that trains an AOT cache (Java
	 * 25) reports the cache on standard output as it exits, past the protocol: such
	 * lines, which are no JSON object, are the JVM's and are skipped here.
	 */
	// END is a sentinel instance, never a line read: compared by identity
	@SuppressWarnings("ReferenceEquality")
	private void drain(BlockingQueue<String> output, Path log) {
		for (String line = output.poll(); line != null && line != END; line = output.poll()) {
			if (line.startsWith("{")) {
				message(line, log);
			}
		}
	}

	private JsonNode message(String line, Path log) {
		try {
			JsonNode message = this.json.readTree(line);
			if (message.isObject() && "2.0".equals(message.path("jsonrpc").asString(null))) {
				return message;
			}
		}
		catch (JacksonException ex) {
			// reported below
		}
		throw new IllegalStateException("The agent wrote a line that is not JSON-RPC on standard output: "
				+ abbreviate(line) + " (standard output must carry protocol messages only; see " + log + ")");
	}

	private void refuse(OutputStream input, JsonNode request) throws IOException {
		Map<String, Object> error = Map.of("jsonrpc", "2.0", "id", request.get("id"), "error",
				Map.of("code", -32601, "message", "Method not found"));
		input.write((this.json.writeValueAsString(error) + "\n").getBytes(StandardCharsets.UTF_8));
		input.flush();
	}

	private static String abbreviate(String line) {
		return (line.length() <= 200) ? line : line.substring(0, 200) + "...";
	}

}
