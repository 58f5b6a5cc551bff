package dev.acp.spring.fastlaunch;

import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * The arguments of the fast launch's jar mode.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class FastLaunchOptions {

	static final String USAGE = """
			Usage: java -Djarmode=acp-fast-launch -jar <application>.jar [options]
			  --destination <dir>    where to write the fast launch (default: fast-launch beside the jar)
			  --name <name>          the launcher script's name (default: the jar's name without its version)
			  --jlink[=true|false]   also package a self-contained archive: a runtime trimmed with jlink,
			                         the agent and the launcher as its command, and the registry's binary entry
			  --train-prompt <text>  also send a session/prompt with this text in the training exchange
			  --help                 print this text""";

	private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

	private static final Pattern VERSION_SUFFIX = Pattern.compile("-\\d+(\\.\\d+)*([.-][A-Za-z0-9]+)*$");

	private final Path jar;

	private final Path destination;

	private final String name;

	private final boolean jlink;

	private final @Nullable String trainPrompt;

	private FastLaunchOptions(Path jar, Path destination, String name, boolean jlink, @Nullable String trainPrompt) {
		this.jar = jar;
		this.destination = destination;
		this.name = name;
		this.jlink = jlink;
		this.trainPrompt = trainPrompt;
	}

	/**
	 * Parse the jar mode's arguments.
	 * @param jar the application's executable jar
	 * @param args the arguments after the jar
	 * @return the options
	 * @throws IllegalArgumentException naming the argument that is wrong
	 */
	static FastLaunchOptions parse(Path jar, List<String> args) {
		Path destination = null;
		String name = null;
		boolean jlink = false;
		String trainPrompt = null;
		for (int i = 0; i < args.size(); i++) {
			String arg = args.get(i);
			switch (arg) {
				case "--destination" -> destination = Path.of(value(args, ++i, arg));
				case "--name" -> name = value(args, ++i, arg);
				case "--jlink", "--jlink=true" -> jlink = true;
				case "--jlink=false" -> jlink = false;
				case "--train-prompt" -> trainPrompt = value(args, ++i, arg);
				default -> throw new IllegalArgumentException("Unknown argument '" + arg + "'");
			}
		}
		Path absoluteJar = jar.toAbsolutePath().normalize();
		if (destination == null) {
			destination = absoluteJar.resolveSibling("fast-launch");
		}
		if (name == null) {
			name = defaultName(absoluteJar.getFileName().toString());
		}
		if (!NAME.matcher(name).matches()) {
			throw new IllegalArgumentException("The name '" + name
					+ "' is not a file name of letters, digits, '.', '_' and '-' (set it with --name)");
		}
		return new FastLaunchOptions(absoluteJar, destination.toAbsolutePath().normalize(), name, jlink, trainPrompt);
	}

	/**
	 * The script name for a jar: its file name without {@code .jar} and a trailing
	 * version ({@code minimal-agent-0.0.1-SNAPSHOT.jar} gives {@code minimal-agent}).
	 * @param jarFileName the jar's file name
	 * @return the name
	 */
	static String defaultName(String jarFileName) {
		String name = jarFileName.endsWith(".jar") ? jarFileName.substring(0, jarFileName.length() - 4) : jarFileName;
		String unversioned = VERSION_SUFFIX.matcher(name).replaceFirst("");
		return unversioned.isEmpty() ? name : unversioned;
	}

	private static String value(List<String> args, int index, String option) {
		if (index >= args.size() || args.get(index).startsWith("--")) {
			throw new IllegalArgumentException("Option " + option + " needs a value");
		}
		return args.get(index);
	}

	Path jar() {
		return this.jar;
	}

	Path destination() {
		return this.destination;
	}

	String name() {
		return this.name;
	}

	boolean jlink() {
		return this.jlink;
	}

	@Nullable String trainPrompt() {
		return this.trainPrompt;
	}

}
