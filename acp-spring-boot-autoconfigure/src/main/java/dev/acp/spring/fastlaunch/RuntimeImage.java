package dev.acp.spring.fastlaunch;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.stream.Collectors;

/**
 * A Java runtime trimmed with {@code jlink} to the modules an application needs: those
 * {@code jdeps} finds in its classes and libraries, and a few that libraries load
 * reflectively or as services, where {@code jdeps} cannot see them.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class RuntimeImage {

	/**
	 * Modules added to what {@code jdeps} finds: elliptic-curve TLS (a security provider,
	 * found through the service loader), the platform MXBeans of
	 * {@code com.sun.management} (read reflectively by metrics libraries),
	 * {@code sun.misc.Unsafe} and the zip file system (both often reached reflectively).
	 */
	static final List<String> EXTRA_MODULES = List.of("jdk.crypto.ec", "jdk.management", "jdk.unsupported",
			"jdk.zipfs");

	/**
	 * The modules of a Spring Boot application when {@code jdeps} cannot resolve its
	 * class path.
	 */
	static final List<String> FALLBACK_MODULES = List.of("java.base", "java.compiler", "java.desktop",
			"java.instrument", "java.logging", "java.management", "java.naming", "java.net.http", "java.prefs",
			"java.rmi", "java.scripting", "java.security.jgss", "java.sql", "java.xml", "jdk.crypto.ec",
			"jdk.management", "jdk.unsupported", "jdk.zipfs");

	private RuntimeImage() {
	}

	/**
	 * The modules for a runtime, from the output of {@code jdeps --print-module-deps}.
	 * @param jdepsOutput what {@code jdeps} printed: its last line lists the modules,
	 * separated by commas
	 * @param available the modules of the JDK that links the runtime
	 * @return the modules, sorted, {@code java.base} and the {@link #EXTRA_MODULES} among
	 * them where the JDK has them
	 */
	static Set<String> modules(String jdepsOutput, Set<String> available) {
		List<String> lines = jdepsOutput.lines().map(String::strip).filter((line) -> !line.isEmpty()).toList();
		if (lines.isEmpty() || !lines.get(lines.size() - 1).matches("[\\w.]+(,[\\w.]+)*")) {
			throw new IllegalArgumentException("jdeps printed no module list: " + jdepsOutput.strip());
		}
		Set<String> modules = new TreeSet<>(Arrays.asList(lines.get(lines.size() - 1).split(",")));
		modules.add("java.base");
		modules.addAll(EXTRA_MODULES);
		modules.retainAll(available);
		return modules;
	}

	/**
	 * The modules of the running JDK.
	 * @return their names
	 */
	static Set<String> systemModules() {
		return ModuleFinder.ofSystem()
			.findAll()
			.stream()
			.map(ModuleReference::descriptor)
			.map((descriptor) -> descriptor.name())
			.collect(Collectors.toCollection(TreeSet::new));
	}

	/**
	 * The modules an application needs, from {@code jdeps} on its extracted jar and
	 * libraries, or {@link #FALLBACK_MODULES} when {@code jdeps} cannot resolve them.
	 * @param jar the extracted application jar
	 * @param libraries its libraries
	 * @param javaVersion the feature version to analyse multi-release jars for
	 * @param log where to say which list is used
	 * @return the modules
	 */
	static Set<String> modulesOf(Path jar, List<Path> libraries, int javaVersion, PrintWriter log) {
		List<String> args = new ArrayList<>(List.of("--print-module-deps", "--ignore-missing-deps", "--multi-release",
				String.valueOf(javaVersion), "--recursive", "--class-path",
				libraries.stream().map(Path::toString).collect(Collectors.joining(java.io.File.pathSeparator))));
		args.add(jar.toString());
		StringWriter output = new StringWriter();
		int status = tool("jdeps").run(new PrintWriter(output), new PrintWriter(output), args.toArray(String[]::new));
		Set<String> available = systemModules();
		if (status == 0) {
			try {
				return modules(output.toString(), available);
			}
			catch (IllegalArgumentException ex) {
				log.println(ex.getMessage());
			}
		}
		log.println("jdeps could not resolve the class path (status " + status
				+ "): linking the fallback module list instead");
		Set<String> modules = new TreeSet<>(FALLBACK_MODULES);
		modules.retainAll(available);
		return modules;
	}

	/**
	 * The arguments of {@code jlink} for a runtime.
	 * @param modules its modules
	 * @param output its directory
	 * @param javaVersion the feature version of the JDK that links it
	 * @return the arguments
	 */
	static List<String> jlinkArguments(Set<String> modules, Path output, int javaVersion) {
		return List.of("--add-modules", String.join(",", modules), "--strip-debug", "--no-header-files",
				"--no-man-pages", "--compress=" + ((javaVersion >= 21) ? "zip-6" : "2"), "--generate-cds-archive",
				"--output", output.toString());
	}

	/**
	 * Link a runtime.
	 * @param modules its modules
	 * @param output its directory, which must not exist
	 * @param javaVersion the feature version of the JDK that links it
	 */
	@SuppressWarnings("SystemOut") // keeps the jar mode's standard output for its result
	static void link(Set<String> modules, Path output, int javaVersion) {
		StringWriter messages = new StringWriter();
		PrintWriter writer = new PrintWriter(messages);
		PrintStream out = System.out;
		int status;
		// the CDS plugin reports on System.out, which carries the jar mode's result only
		System.setOut(System.err);
		try {
			status = tool("jlink").run(writer, writer,
					jlinkArguments(modules, output, javaVersion).toArray(String[]::new));
		}
		finally {
			System.setOut(out);
		}
		if (status != 0) {
			throw new IllegalStateException("jlink failed (status " + status + "): " + messages.toString().strip());
		}
	}

	private static ToolProvider tool(String name) {
		return ToolProvider.findFirst(name)
			.orElseThrow(() -> new IllegalStateException("No " + name
					+ " in this Java runtime: build the self-contained archive with a JDK (jdk.jlink and jdk.jdeps)"));
	}

}
