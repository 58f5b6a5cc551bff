package dev.acp.spring.client;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The agents named in {@code application.yml} ({@code acp.agents.<name>.*}), one
 * {@link AcpAgentClient} each, connected on first use.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpAgents implements AutoCloseable {

	private final Map<String, AcpAgentClient> clients;

	/**
	 * Create the agents.
	 * @param clients the clients by name
	 */
	public AcpAgents(Map<String, AcpAgentClient> clients) {
		this.clients = new LinkedHashMap<>(clients);
	}

	/**
	 * The client of a named agent.
	 * @param name the name under {@code acp.agents}
	 * @return the client
	 * @throws IllegalArgumentException if no agent has that name
	 */
	public AcpAgentClient get(String name) {
		AcpAgentClient client = this.clients.get(name);
		if (client == null) {
			throw new IllegalArgumentException(
					"No agent named '" + name + "'; configured under acp.agents: " + this.clients.keySet());
		}
		return client;
	}

	/**
	 * The names of the configured agents.
	 * @return the names, in configuration order
	 */
	public Set<String> names() {
		return this.clients.keySet();
	}

	/**
	 * Close every client at once (each stops its agent, waiting up to its grace periods).
	 */
	@Override
	public void close() {
		List<Thread> closing = new ArrayList<>();
		for (AcpAgentClient client : this.clients.values()) {
			Thread thread = new Thread(client::close, "acp-agent-" + client.name() + "-close");
			thread.start();
			closing.add(thread);
		}
		for (Thread thread : closing) {
			try {
				thread.join();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

}
