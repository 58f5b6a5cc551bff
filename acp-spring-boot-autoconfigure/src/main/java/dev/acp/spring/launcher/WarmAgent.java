package dev.acp.spring.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Where the warm agent of one launch configuration lives: its socket, pid file and log,
 * named after a digest of everything that makes two agents differ (the command with its
 * JVM and flags, the arguments, the size and time of every file the command names, the
 * working directory and the whole environment but for the variables that only name the
 * terminal the launch came from), in a directory only the user can open.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class WarmAgent {

	/**
	 * The environment variables left out of the digest: each only names the terminal,
	 * shell or login a launch came from, so that launches of one configuration from
	 * several terminals share an agent. Every other variable counts, since the
	 * application may read any of them (a database URL, an API key, {@code SPRING_*}
	 * bound to properties, {@code JAVA_TOOL_OPTIONS}).
	 * <ul>
	 * <li>{@code _}: bash's path of the command it runs (the launch script's shell sets
	 * it to {@code setsid} for the agent it starts early and to {@code java} for the
	 * launcher);</li>
	 * <li>{@code SHLVL}: how deep the shell is nested;</li>
	 * <li>{@code OLDPWD}: the interactive shell's previous directory;</li>
	 * <li>{@code PWD}: the shell's copy of the working directory, possibly through
	 * another symbolic link; the working directory itself is part of the digest;</li>
	 * <li>{@code TERM_SESSION_ID}, {@code ITERM_SESSION_ID}, {@code WINDOWID},
	 * {@code TMUX_PANE}, {@code KITTY_WINDOW_ID}, {@code ALACRITTY_WINDOW_ID},
	 * {@code WEZTERM_PANE}, {@code GNOME_TERMINAL_SCREEN}: the window, tab or pane of a
	 * terminal emulator or multiplexer;</li>
	 * <li>{@code SSH_TTY}, {@code SSH_CLIENT}, {@code SSH_CONNECTION}: the terminal and
	 * the client's address and port of one SSH login ({@code SSH_AUTH_SOCK}, which a
	 * program may use, counts);</li>
	 * <li>{@code ACP_WARM}: the launch script's switch, which the agent never reads.</li>
	 * </ul>
	 */
	private static final List<String> PER_TERMINAL = List.of("_", "SHLVL", "OLDPWD", "PWD", "TERM_SESSION_ID",
			"ITERM_SESSION_ID", "WINDOWID", "TMUX_PANE", "KITTY_WINDOW_ID", "ALACRITTY_WINDOW_ID", "WEZTERM_PANE",
			"GNOME_TERMINAL_SCREEN", "SSH_TTY", "SSH_CLIENT", "SSH_CONNECTION", "ACP_WARM");

	private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

	private final Path directory;

	private final String key;

	private WarmAgent(Path directory, String key) {
		this.directory = directory;
		this.key = key;
	}

	/**
	 * The warm agent of a launch configuration.
	 * @param command the agent's command (JVM, flags, jar)
	 * @param arguments the arguments the launcher was given
	 * @param environment the launcher's environment, which the agent it starts inherits
	 * @param workingDirectory the launcher's working directory, which the agent it starts
	 * inherits (Boot reads {@code ./application.properties} and {@code ./config/} there)
	 * @return the warm agent's place
	 */
	static WarmAgent of(List<String> command, List<String> arguments, Map<String, String> environment,
			String workingDirectory) {
		StringBuilder configuration = new StringBuilder();
		for (String part : command) {
			field(configuration, "command", part);
			Path file = Path.of(part);
			if (part.startsWith("/") && Files.isRegularFile(file)) {
				try {
					configuration.append("file ")
						.append(Files.size(file))
						.append(' ')
						.append(Files.getLastModifiedTime(file).toMillis())
						.append('\n');
				}
				catch (IOException ex) {
					configuration.append("file unreadable\n");
				}
			}
		}
		for (String argument : arguments) {
			field(configuration, "argument", argument);
		}
		field(configuration, "cwd", workingDirectory);
		for (Map.Entry<String, String> variable : new TreeMap<>(environment).entrySet()) {
			if (!PER_TERMINAL.contains(variable.getKey())) {
				field(configuration, "env", variable.getKey());
				field(configuration, "value", variable.getValue());
			}
		}
		return new WarmAgent(runtimeDirectory(environment), digest(configuration.toString()));
	}

	/**
	 * One value of the configuration, with its length: no value (an environment variable
	 * with a new line in it, say) can pass for two.
	 */
	private static void field(StringBuilder configuration, String name, String value) {
		configuration.append(name).append(' ').append(value.length()).append(' ').append(value).append('\n');
	}

	private static Path runtimeDirectory(Map<String, String> environment) {
		String runtime = environment.get("XDG_RUNTIME_DIR");
		Path base = (runtime != null && !runtime.isBlank()) ? Path.of(runtime)
				: Path.of(System.getProperty("java.io.tmpdir"));
		return base.resolve("acp-".concat(System.getProperty("user.name")));
	}

	/**
	 * A 128-bit digest of the configuration, as two 64-bit FNV-1a hashes with different
	 * offsets: it tells configurations apart (the directory is private, so nobody else
	 * chooses what is hashed), and, unlike a {@code MessageDigest}, loads no security
	 * provider into a process that must start in tens of milliseconds.
	 */
	private static String digest(String text) {
		long first = 0xcbf29ce484222325L;
		long second = 0x84222325cbf29ce4L;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			first = (first ^ c) * 0x100000001b3L;
			second = (second ^ (c + 0x9e37L)) * 0x100000001b3L;
		}
		return hex(first).concat(hex(second));
	}

	private static String hex(long value) {
		char[] digits = new char[16];
		for (int i = 15; i >= 0; i--) {
			digits[i] = Character.forDigit((int) (value & 0xf), 16);
			value >>>= 4;
		}
		return new String(digits);
	}

	/**
	 * Create the directory if needed, readable by the user alone, and refuse one that
	 * others could open or that belongs to someone else.
	 * @return the directory
	 * @throws IOException if it cannot be created or is not private
	 */
	Path privateDirectory() throws IOException {
		if (!Files.exists(this.directory, LinkOption.NOFOLLOW_LINKS)) {
			try {
				Files.createDirectories(this.directory.getParent());
				Files.createDirectory(this.directory, PosixFilePermissions.asFileAttribute(PRIVATE));
			}
			catch (java.nio.file.FileAlreadyExistsException ex) {
				// another launcher created it: checked below
			}
		}
		PosixFileAttributes attributes = Files.readAttributes(this.directory, PosixFileAttributes.class,
				LinkOption.NOFOLLOW_LINKS);
		if (!attributes.isDirectory() || !attributes.permissions().equals(PRIVATE)
				|| !attributes.owner().getName().equals(System.getProperty("user.name"))) {
			throw new IOException(this.directory + " is not a private directory of " + System.getProperty("user.name")
					+ " (owner only, rwx------)");
		}
		return this.directory;
	}

	Path directory() {
		return this.directory;
	}

	Path socket() {
		return this.directory.resolve(this.key.concat(".sock"));
	}

	Path pidFile() {
		return this.directory.resolve(this.key.concat(".pid"));
	}

	Path log() {
		return this.directory.resolve(this.key.concat(".log"));
	}

	/**
	 * Where the agent writes why it failed to start.
	 * @return the file
	 */
	Path failure() {
		return this.directory.resolve(this.key.concat(".failure"));
	}

	Path lock() {
		return this.directory.resolve(this.key.concat(".lock"));
	}

	/**
	 * Where the launch script puts the agent it starts before the launcher runs, under
	 * names of the launcher's process: {@code pending/<pid>.sock}, {@code .pid} and
	 * {@code .log}.
	 * @return the directory
	 */
	Path pendingDirectory() {
		return this.directory.resolve("pending");
	}

	/**
	 * A file of the agent the launch script started for this launcher.
	 * @param suffix {@code .sock}, {@code .pid}, {@code .log} or {@code .failure}
	 * @return the file
	 */
	Path pending(String suffix) {
		return pendingDirectory().resolve(Long.toString(ProcessHandle.current().pid()).concat(suffix));
	}

	/**
	 * The arguments that make the agent a warm one, serving this socket.
	 * @return the arguments
	 */
	List<String> agentArguments() {
		List<String> arguments = new ArrayList<>();
		arguments.add("--acp.transport=local");
		arguments.add("--acp.local.socket=" + socket());
		arguments.add("--acp.local.pid-file=" + pidFile());
		arguments.add("--acp.local.failure-file=" + failure());
		return arguments;
	}

}
