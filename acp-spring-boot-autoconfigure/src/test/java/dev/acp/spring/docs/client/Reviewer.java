package dev.acp.spring.docs.client;

import java.nio.file.Path;

import dev.acp.spring.client.AcpAgentSession;
import dev.acp.spring.client.AcpAgents;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.StopReason;

import org.springframework.stereotype.Component;

/**
 * The example of docs/client.md: one prompt turn of a configured agent, streamed.
 */
@Component
class Reviewer {

	private final AcpAgents agents;

	Reviewer(AcpAgents agents) {
		this.agents = agents;
	}

	StopReason review(Path repository) {
		AcpAgentSession session = this.agents.get("coder").newSession(repository);
		PromptResponse answer = session.prompt("Review the last commit", (update) -> {
			if (update instanceof SessionUpdate.AgentMessageChunk chunk
					&& chunk.content() instanceof ContentBlock.Text text) {
				System.out.print(text.text());
			}
		});
		return answer.stopReason();
	}

}
