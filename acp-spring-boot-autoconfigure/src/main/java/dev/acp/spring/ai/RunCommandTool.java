package dev.acp.spring.ai;

import java.util.ArrayList;
import java.util.List;

import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.ReleaseTerminalRequest;
import dev.acp.spring.protocol.TerminalOutputRequest;
import dev.acp.spring.protocol.TerminalOutputResponse;
import dev.acp.spring.protocol.ToolCallContent;
import dev.acp.spring.protocol.ToolKind;
import dev.acp.spring.protocol.WaitForTerminalExitRequest;
import dev.acp.spring.protocol.WaitForTerminalExitResponse;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import tools.jackson.databind.JsonNode;

import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * Runs a command in a terminal of the client ({@code terminal/create},
 * {@code terminal/wait_for_exit}, {@code terminal/output}, {@code terminal/release}),
 * after asking; the tool call shows the live terminal.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class RunCommandTool extends SessionTool {

	static final String NAME = "run_command";

	private static final Log logger = LogFactory.getLog(RunCommandTool.class);

	private static final long OUTPUT_LIMIT = 64 * 1024;

	private static final ToolDefinition DEFINITION = ToolDefinition.builder()
		.name(NAME)
		.description(
				"Run a command in the user's terminal and return its output and exit code. The user is asked first.")
		.inputSchema("""
				{"type":"object","properties":{
				"command":{"type":"string","description":"The program to run"},
				"args":{"type":"array","items":{"type":"string"},"description":"Its arguments"},
				"cwd":{"type":"string","description":"Working directory (the session's when left out)"}},
				"required":["command"]}""")
		.build();

	@Override
	ToolDefinition definition() {
		return DEFINITION;
	}

	@Override
	ToolKind kind() {
		return ToolKind.EXECUTE;
	}

	@Override
	boolean asksPermission() {
		return true;
	}

	@Override
	String title(JsonNode input) {
		List<String> words = new ArrayList<>();
		words.add(ToolInputs.text(input, "command"));
		words.addAll(args(input));
		return "Run " + String.join(" ", words);
	}

	@Override
	ToolOutcome run(String rawInput, JsonNode input, ToolRun run) throws Exception {
		String cwd = input.hasNonNull("cwd") ? ToolInputs.path(input, "cwd", run) : run.cwd().toString();
		String terminalId = run
			.await(run.client()
				.createTerminal(new CreateTerminalRequest(run.sessionId(), ToolInputs.text(input, "command"),
						args(input), null, cwd, OUTPUT_LIMIT)))
			.terminalId();
		List<ToolCallContent> shown = List.of(ToolCallContent.terminal(terminalId));
		try {
			run.show(shown);
			WaitForTerminalExitResponse exit = run.await(run.client()
				.waitForTerminalExit(new WaitForTerminalExitRequest(run.sessionId(), terminalId),
						java.time.Duration.ofHours(1)));
			TerminalOutputResponse output = run
				.await(run.client().terminalOutput(new TerminalOutputRequest(run.sessionId(), terminalId)));
			String status = (exit.exitCode() != null) ? "Exit code " + exit.exitCode()
					: "Killed by signal " + exit.signal();
			return new ToolOutcome(status + "\n" + output.output(), shown);
		}
		finally {
			// not awaited: the turn may have been cancelled; a refused release is only
			// logged
			run.client()
				.releaseTerminal(new ReleaseTerminalRequest(run.sessionId(), terminalId))
				.exceptionally((failure) -> {
					logger.debug("terminal/release of " + terminalId + " failed", failure);
					return null;
				});
		}
	}

	private static List<String> args(JsonNode input) {
		List<String> args = new ArrayList<>();
		JsonNode node = input.get("args");
		if (node != null && node.isArray()) {
			node.forEach((arg) -> args.add(arg.asString()));
		}
		return args;
	}

}
