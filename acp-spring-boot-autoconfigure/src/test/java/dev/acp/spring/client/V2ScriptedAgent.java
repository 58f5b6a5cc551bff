package dev.acp.spring.client;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import dev.acp.spring.protocol.AcpJsonMapper;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A scripted ACP v2 agent run as a separate process by the client tests: one thread reads
 * NDJSON from its standard input and writes each message in the order of the script, so
 * what arrives before or after the acknowledgement of a prompt is exact.
 * {@code AGENT_VERSIONS=1} makes it a v1-only agent; {@code AGENT_ANSWER=<n>} makes it
 * answer version n whatever was asked. What a prompt turn does is named by its text.
 */
public final class V2ScriptedAgent {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));

	private final PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);

	private int version = 2;

	private JsonNode initializeParams;

	private int nextId = 100;

	public static void main(String[] args) throws IOException {
		new V2ScriptedAgent().run();
	}

	private void run() throws IOException {
		String line;
		while ((line = this.in.readLine()) != null) {
			JsonNode message = this.mapper.readTree(line);
			if (message.has("method") && message.has("id")) {
				request(message);
			}
		}
		System.exit(0);
	}

	private void request(JsonNode message) throws IOException {
		JsonNode id = message.get("id");
		JsonNode params = message.path("params");
		switch (message.get("method").asString()) {
			case "initialize" -> initialize(id, params);
			case "session/new" -> answer(id, object().put("sessionId", "s-" + params.get("cwd").asString().hashCode()));
			case "session/resume", "session/load" -> {
				String sessionId = params.get("sessionId").asString();
				agentChunk(sessionId, "replayed " + message.get("method").asString() + " "
						+ params.path("replayFrom").path("type").asString("none"));
				answer(id, object());
			}
			case "auth/login", "authenticate" ->
				answer(id, object().set("_meta", object().put("method", message.get("method").asString())));
			case "_example.com/echo" -> answer(id, params);
			case "session/prompt" -> {
				if (this.version == 2) {
					prompt(id, params);
				}
				else {
					String sessionId = params.get("sessionId").asString();
					agentChunk(sessionId, "initialize-params".equals(text(params)) ? this.initializeParams.toString()
							: "v1 " + text(params));
					answer(id, object().put("stopReason", "end_turn"));
				}
			}
			default -> send(object().put("jsonrpc", "2.0")
				.<ObjectNode>set("id", id)
				.set("error", object().put("code", -32601).put("message", "Method not found")));
		}
	}

	private void initialize(JsonNode id, JsonNode params) {
		this.initializeParams = params;
		int asked = params.get("protocolVersion").asInt();
		boolean v1Only = "1".equals(System.getenv("AGENT_VERSIONS"));
		String answer = System.getenv("AGENT_ANSWER");
		this.version = (answer != null) ? Integer.parseInt(answer) : (v1Only ? 1 : Math.min(asked, 2));
		ObjectNode meta = object();
		meta.set("example.com", object().set("methods", this.mapper.createArrayNode().add("_example.com/echo")));
		ObjectNode result = object().put("protocolVersion", this.version);
		if (this.version == 2) {
			result.set("info", object().put("name", "v2-scripted").put("version", "2.0"));
			result.set("capabilities",
					object().<ObjectNode>set("session", object().set("prompt", object())).set("_meta", meta));
			result.set("authMethods", this.mapper.createArrayNode()
				.add(object().put("type", "agent").put("methodId", "token").put("name", "Token")));
		}
		else {
			result.set("agentInfo", object().put("name", "v1-scripted").put("version", "1.0"));
			result.set("agentCapabilities", object().put("loadSession", true).set("_meta", meta));
		}
		answer(id, result);
	}

	private void prompt(JsonNode id, JsonNode params) throws IOException {
		String sessionId = params.get("sessionId").asString();
		String text = text(params);
		String[] words = text.split(" ");
		switch (words[0]) {
			case "stale-idle" -> {
				idle(sessionId, object().put("stopReason", "end_turn"));
				ack(id);
				state(sessionId, "running");
				agentChunk(sessionId, "after the stale idle");
				idle(sessionId, object().put("stopReason", "max_tokens"));
			}
			case "idle-before-ack" -> {
				state(sessionId, "running");
				agentChunk(sessionId, "before the ack");
				idle(sessionId, object().put("stopReason", "refusal"));
				ack(id);
			}
			case "fail" -> {
				ack(id);
				state(sessionId, "running");
				idle(sessionId, object().put("stopReason", "error")
					.set("error", object().put("code", -32603).put("message", "model unavailable")));
			}
			case "wait-for-cancel" -> {
				ack(id);
				state(sessionId, "running");
				awaitCancel();
				idle(sessionId, object().put("stopReason", "cancelled"));
			}
			case "initialize-params" -> {
				ack(id);
				state(sessionId, "running");
				agentChunk(sessionId, this.initializeParams.toString());
				idle(sessionId, object().put("stopReason", "end_turn"));
			}
			case "tool" -> {
				ack(id);
				state(sessionId, "running");
				state(sessionId, "requires_action");
				ObjectNode toolCall = object().put("toolCallId", "t9").put("title", "Write a.txt").put("kind", "edit");
				JsonNode answer = call("session/request_permission",
						object().put("sessionId", sessionId)
							.put("title", "Allow writing a.txt?")
							.<ObjectNode>set("subject", object().put("type", "tool_call").set("toolCall", toolCall))
							.set("options", this.mapper.createArrayNode()
								.add(object().put("optionId", "yes").put("name", "Allow").put("kind", "allow_once"))
								.add(object().put("optionId", "no").put("name", "Reject").put("kind", "reject_once"))));
				state(sessionId, "running");
				agentChunk(sessionId, "permission " + answer);
				idle(sessionId, object().put("stopReason", "end_turn"));
			}
			case "call" -> {
				ack(id);
				state(sessionId, "running");
				String json = text.substring(("call " + words[1] + " ").length());
				agentChunk(sessionId, "answered " + call(words[1], this.mapper.readTree(json)));
				idle(sessionId, object().put("stopReason", "end_turn"));
			}
			default -> {
				ack(id);
				state(sessionId, "running");
				update(sessionId,
						object().put("sessionUpdate", "user_message")
							.put("messageId", "m-" + id)
							.set("content", this.mapper.createArrayNode().add(textBlock(text))));
				agentChunk(sessionId, "echo " + text);
				update(sessionId,
						object().put("sessionUpdate", "tool_call_update")
							.put("toolCallId", "t1")
							.put("title", "Read a.txt")
							.put("kind", "read")
							.put("status", "in_progress"));
				update(sessionId,
						object().put("sessionUpdate", "tool_call_update")
							.put("toolCallId", "t1")
							.put("status", "completed"));
				update(sessionId,
						object().put("sessionUpdate", "plan_update")
							.set("plan",
									object().put("type", "items")
										.put("planId", "p1")
										.set("entries",
												this.mapper.createArrayNode()
													.add(object().put("content", "Read a.txt")
														.put("priority", "high")
														.put("status", "completed")))));
				idle(sessionId, object().put("stopReason", "end_turn"));
			}
		}
	}

	private JsonNode call(String method, JsonNode params) throws IOException {
		int id = this.nextId++;
		send(object().put("jsonrpc", "2.0").put("id", id).put("method", method).set("params", params));
		String line;
		while ((line = this.in.readLine()) != null) {
			JsonNode message = this.mapper.readTree(line);
			if (!message.has("method") && message.path("id").asInt(-1) == id) {
				return message.has("error") ? message.get("error") : message.get("result");
			}
		}
		throw new IOException("The client went away");
	}

	private void awaitCancel() throws IOException {
		String line;
		while ((line = this.in.readLine()) != null) {
			if ("session/cancel".equals(this.mapper.readTree(line).path("method").asString(null))) {
				return;
			}
		}
	}

	private String text(JsonNode params) {
		return params.get("prompt").get(0).get("text").asString();
	}

	private void ack(JsonNode id) {
		answer(id, object().put("messageId", "m-" + id));
	}

	private void state(String sessionId, String state) {
		update(sessionId, object().put("sessionUpdate", "state_update").put("state", state));
	}

	private void idle(String sessionId, ObjectNode fields) {
		ObjectNode update = object().put("sessionUpdate", "state_update").put("state", "idle");
		update.setAll(fields);
		update(sessionId, update);
	}

	private void agentChunk(String sessionId, String text) {
		ObjectNode update = object().put("sessionUpdate", "agent_message_chunk").set("content", textBlock(text));
		if (this.version == 2) {
			update.put("messageId", "a1");
		}
		update(sessionId, update);
	}

	private ObjectNode textBlock(String text) {
		return object().put("type", "text").put("text", text);
	}

	private void update(String sessionId, ObjectNode update) {
		send(object().put("jsonrpc", "2.0")
			.put("method", "session/update")
			.set("params", object().put("sessionId", sessionId).set("update", update)));
	}

	private void answer(JsonNode id, JsonNode result) {
		send(object().put("jsonrpc", "2.0").<ObjectNode>set("id", id).set("result", result));
	}

	private void send(JsonNode message) {
		this.out.println(message.toString());
	}

	private ObjectNode object() {
		return this.mapper.createObjectNode();
	}

	static List<String> command(String... extra) {
		List<String> command = new ArrayList<>();
		command.add(ScriptedAgent.javaExecutable());
		command.add("-cp");
		command.add(System.getProperty("java.class.path"));
		command.add(V2ScriptedAgent.class.getName());
		command.addAll(List.of(extra));
		return command;
	}

}
