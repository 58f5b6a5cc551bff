package com.example.runner;

import java.io.PrintStream;
import java.util.function.Consumer;

import dev.acp.spring.client.AcpAgentClient;
import dev.acp.spring.client.AcpAgentSession;
import dev.acp.spring.client.AcpAgents;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.ToolCallUpdate;

import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.stereotype.Component;

/**
 * Starts a session of the configured agent in the configured directory, sends the prompt,
 * and prints what the agent streams: its message, its thoughts, its tool calls and its
 * plan, then the stop reason.
 */
@Component
class PromptRunner implements ApplicationRunner {

	private final AcpAgents agents;

	private final RunnerProperties properties;

	private final PrintStream out = System.out;

	PromptRunner(AcpAgents agents, RunnerProperties properties) {
		this.agents = agents;
		this.properties = properties;
	}

	@Override
	public void run(ApplicationArguments args) {
		AcpAgentClient agent = this.agents.get(this.properties.agent());
		this.out.println("> " + agent.initializeResponse().agentInfo().name() + " in "
				+ this.properties.directory().toAbsolutePath().normalize());
		this.out.println("> " + this.properties.prompt());
		AcpAgentSession session = agent.newSession(this.properties.directory());
		PromptResponse response = session.prompt(this.properties.prompt(), printer());
		this.out.println();
		this.out.println("[" + response.stopReason().value() + "]");
	}

	private Consumer<SessionUpdate> printer() {
		return (update) -> {
			if (update instanceof SessionUpdate.AgentMessageChunk chunk) {
				this.out.print(text(chunk.content()));
			}
			else if (update instanceof SessionUpdate.AgentThoughtChunk thought) {
				this.out.print("(" + text(thought.content()) + ")");
			}
			else if (update instanceof SessionUpdate.ToolCall toolCall) {
				this.out.println("\n[tool] " + toolCall.title());
			}
			else if (update instanceof ToolCallUpdate toolCallUpdate && toolCallUpdate.status() != null) {
				this.out.println("[tool " + toolCallUpdate.toolCallId() + "] " + toolCallUpdate.status().value());
			}
			else if (update instanceof SessionUpdate.Plan plan) {
				plan.entries()
					.forEach((entry) -> this.out.println("[plan] " + entry.status().value() + " " + entry.content()));
			}
		};
	}

	private static String text(ContentBlock content) {
		return (content instanceof ContentBlock.Text text) ? text.text()
				: "[" + content.getClass().getSimpleName() + "]";
	}

}
