package com.example.runner;

import java.nio.file.Path;

import com.example.testagent.ShoutingAgent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The runner spawns an agent from its configuration (here {@link ShoutingAgent}, started
 * from the test class path), runs the prompt, and prints the streamed turn.
 */
@SpringBootTest(properties = "runner.prompt=hello agent runner")
@ExtendWith(OutputCaptureExtension.class)
class AgentRunnerApplicationTests {

	@DynamicPropertySource
	static void agent(DynamicPropertyRegistry registry) {
		registry.add("acp.agents.coder.command",
				() -> Path.of(System.getProperty("java.home"), "bin", "java").toString());
		registry.add("acp.agents.coder.args[0]", () -> "-cp");
		registry.add("acp.agents.coder.args[1]", () -> System.getProperty("java.class.path"));
		registry.add("acp.agents.coder.args[2]", ShoutingAgent.class::getName);
		// the agent shares this class path, and so the runner's application.yml
		registry.add("acp.agents.coder.args[3]", () -> "--acp.transport=stdio");
	}

	@Test
	void printsTheStreamedTurn(CapturedOutput output) {
		assertThat(output.getOut()).contains("> hello agent runner")
			.contains("HELLO AGENT RUNNER ")
			.contains("[end_turn]");
	}

}
