package dev.acp.spring.inspector.bridge;

import java.io.IOException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import org.springframework.context.SmartLifecycle;

/**
 * Relays JSON-RPC messages between the page and the spawned agent: each line the agent
 * writes goes to the page unchanged as one text message, except its file and terminal
 * requests while a workspace is chosen, which {@link WorkspaceServices} answers (the page
 * gets {@code {"inspector":"served","frame":...}} copies of the request and the answer);
 * each message of the page goes to the agent as one compact line. The agent's standard
 * error lines, its exit and refused input reach the page as
 * {@code {"inspector":"stderr"|"exited"|"error",...}}. Starts the agent with the
 * application and ends it, with everything it started, when the application stops.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class AgentRelay implements AgentProcess.Listener, SmartLifecycle {

	private static final Log logger = LogFactory.getLog(AgentRelay.class);

	private final AgentCommand command;

	private final PageChannel page;

	private final WorkspaceServices workspace;

	private final JsonMapper mapper;

	private volatile @Nullable AgentProcess agent;

	private volatile boolean running;

	AgentRelay(AgentCommand command, PageChannel page, WorkspaceServices workspace, JsonMapper mapper) {
		this.command = command;
		this.page = page;
		this.workspace = workspace;
		this.mapper = mapper;
	}

	@Override
	public void start() {
		this.agent = AgentProcess.start(this.command, this);
		this.running = true;
	}

	@Override
	public void stop() {
		this.running = false;
		AgentProcess agent = this.agent;
		if (agent != null) {
			agent.stop();
		}
		this.workspace.close();
		this.page.close();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	/**
	 * The spawned agent, while the application runs.
	 * @return the agent
	 */
	@Nullable AgentProcess agent() {
		return this.agent;
	}

	/**
	 * A message from the page: one JSON-RPC message, relayed to the agent on one line.
	 * @param text the message
	 */
	void fromPage(String text) {
		JsonNode message;
		try {
			message = this.mapper.readTree(text);
		}
		catch (JacksonException ex) {
			refuse("The message is not valid JSON: " + ex.getOriginalMessage());
			return;
		}
		if (message == null || !message.isObject()) {
			refuse("The message is not a JSON-RPC message (a JSON object)");
			return;
		}
		AgentProcess agent = this.agent;
		if (agent == null || !agent.isAlive()) {
			refuse("The agent has exited");
			return;
		}
		try {
			agent.send(this.mapper.writeValueAsString(message));
		}
		catch (IOException ex) {
			refuse("The agent's input is closed");
		}
	}

	/**
	 * Tell the page why a message of its was not relayed.
	 * @param message what went wrong
	 */
	void refuse(String message) {
		ObjectNode error = control("error");
		error.put("message", message);
		this.page.send(error.toString());
	}

	@Override
	public void outputLine(String line) {
		JsonNode message;
		try {
			message = this.mapper.readTree(line);
		}
		catch (JacksonException ex) {
			refuse("The agent wrote a line that is not JSON: "
					+ ((line.length() > 1000) ? line.substring(0, 1000) + "…" : line));
			return;
		}
		if (message instanceof ObjectNode request && request.hasNonNull("id") && request.get("method") != null
				&& this.workspace.serves(request.get("method").asString(""))) {
			served(request);
			this.workspace.answer(request).thenAccept((response) -> {
				served(response);
				AgentProcess agent = this.agent;
				try {
					if (agent != null) {
						agent.send(response.toString());
					}
				}
				catch (IOException ex) {
					logger.debug("The agent's input closed before its answer: " + ex.getMessage());
				}
			}).exceptionally((failure) -> {
				logger.warn("Relaying the answer to the agent's request failed", failure);
				return null;
			});
			return;
		}
		this.page.send(line);
	}

	private void served(ObjectNode frame) {
		ObjectNode served = control("served");
		served.set("frame", frame);
		this.page.send(served.toString());
	}

	@Override
	public void outputTooLong() {
		refuse("The agent wrote a message over " + AgentProcess.MAX_MESSAGE_BYTES + " bytes; it was dropped");
	}

	@Override
	public void errorLine(String line) {
		ObjectNode stderr = control("stderr");
		stderr.put("line", line);
		this.page.send(stderr.toString());
	}

	@Override
	public void exited(int code) {
		ObjectNode exited = control("exited");
		exited.put("code", code);
		this.page.send(exited.toString());
	}

	private ObjectNode control(String kind) {
		ObjectNode control = this.mapper.createObjectNode();
		control.put("inspector", kind);
		return control;
	}

}
