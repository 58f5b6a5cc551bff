package dev.acp.spring.inspector.bridge;

import java.util.Arrays;
import java.util.List;

/**
 * The command line of the inspector split at its {@code --}: the options of the
 * application before it, the agent command after it, run as given (never through a
 * shell).
 *
 * @param options the application's options (Spring Boot arguments such as
 * {@code --acp.inspector.port=8123})
 * @param command the agent command and its arguments (not empty)
 * @author ACP Spring Boot Starter contributors
 */
public record AgentCommand(List<String> options, List<String> command) {

	/** How to run the inspector, told when the agent command is missing. */
	public static final String USAGE = "Usage: java -jar acp-inspector.jar [options] -- <agent command...>";

	public AgentCommand {
		options = List.copyOf(options);
		command = List.copyOf(command);
		if (command.isEmpty() || command.get(0).isBlank()) {
			throw new IllegalArgumentException("No agent command after '--'");
		}
	}

	/**
	 * Split a command line at its first {@code --}.
	 * @param args the command line
	 * @return the options and the agent command
	 * @throws IllegalArgumentException when there is no {@code --} or nothing after it
	 */
	public static AgentCommand parse(String... args) {
		int separator = Arrays.asList(args).indexOf("--");
		if (separator < 0) {
			throw new IllegalArgumentException("No agent command: give it after '--'");
		}
		return new AgentCommand(Arrays.asList(args).subList(0, separator),
				Arrays.asList(args).subList(separator + 1, args.length));
	}

	/**
	 * The agent command as one line, for people to read (not to run).
	 * @return the command line
	 */
	public String display() {
		return String.join(" ", this.command);
	}

}
