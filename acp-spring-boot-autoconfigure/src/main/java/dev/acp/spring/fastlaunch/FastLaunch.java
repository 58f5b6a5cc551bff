package dev.acp.spring.fastlaunch;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Builds the fast launch of an executable jar: extracts it, trains the agent's and the
 * launcher's class-data archives on a real exchange, writes the launcher script and, on
 * request, the self-contained archive with a runtime trimmed by {@code jlink}.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class FastLaunch {

	private static final String MARKER = ".acp-fast-launch";

	private static final String LAUNCHER_JAR_PREFIX = "acp-spring-boot-autoconfigure-";

	private final FastLaunchOptions options;

	private final PrintWriter log;

	private final int javaVersion = Runtime.version().feature();

	private final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

	FastLaunch(FastLaunchOptions options, PrintWriter log) {
		this.options = options;
		this.log = log;
	}

	/**
	 * Build the fast launch.
	 * @return the launcher script
	 * @throws IOException on a file that cannot be read or written
	 */
	Path build() throws IOException {
		Path destination = this.options.destination();
		prepare(destination);
		String jarFileName = this.options.jar().getFileName().toString();
		this.log.println("Extracting " + this.options.jar() + " to " + destination.resolve("app"));
		run(List.of(this.java, "-Djarmode=tools", "-jar", this.options.jar().toString(), "extract", "--destination",
				destination.resolve("app").toString()), destination.resolve("extract.log"));
		boolean springAot = hasSpringAot(this.options.jar());
		if (!springAot) {
			this.log.println("No Spring AOT code in the jar (build it with spring-boot-maven-plugin's process-aot):"
					+ " the launch parses the configuration classes at every start");
		}
		String launcherJar = launcherJar(destination.resolve("app/lib"));
		LaunchScript script = new LaunchScript(this.options.name(), this.javaVersion, this.java, jarFileName,
				launcherJar, springAot, ClassDataArchive.forJava(this.javaVersion));
		Path launcher = train(script, this.java, destination, ClassDataArchive.forJava(this.javaVersion));
		if (this.options.jlink()) {
			bundle(jarFileName, launcherJar, springAot);
		}
		return launcher;
	}

	private void prepare(Path destination) throws IOException {
		if (Files.isDirectory(destination) && !Files.exists(destination.resolve(MARKER))) {
			try (Stream<Path> files = Files.list(destination)) {
				if (files.findAny().isPresent()) {
					throw new IllegalStateException("The destination " + destination
							+ " has files that the fast launch did not write: give an empty or new directory");
				}
			}
		}
		delete(destination);
		Files.createDirectories(destination);
		Files.createFile(destination.resolve(MARKER));
	}

	private Path train(LaunchScript script, String java, Path dir, ClassDataArchive archive) throws IOException {
		Path launcher = dir.resolve(this.options.name());
		Files.writeString(launcher, script.text());
		Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
		String cwd = System.getProperty("java.io.tmpdir");
		TrainingExchange exchange = new TrainingExchange(this.options.trainPrompt(), cwd);
		List<String> agent = script.agentCommand(java, dir.toString());
		if (archive.present()) {
			Path appArchive = dir.resolve(archive.fileName(LaunchScript.APP_ARCHIVE));
			List<String> training = new ArrayList<>(List.of(java));
			training.addAll(script.agentOptions());
			training.addAll(archive.trainOptions(appArchive.toString()));
			training.add("-jar");
			training.add(dir.resolve("app").resolve(this.options.jar().getFileName()).toString());
			this.log.println("Training " + appArchive.getFileName() + " on a real exchange");
			exchange.run(training, dir.resolve("training.log"));
			requireFile(appArchive, dir.resolve("training.log"));
		}
		Path launcherArchive = archive.present() ? dir.resolve(archive.fileName(LaunchScript.LAUNCHER_ARCHIVE)) : null;
		List<String> relay = new ArrayList<>(script.launcherCommand(java, dir.toString(),
				(launcherArchive != null) ? archive.trainOptions(launcherArchive.toString()) : List.of()));
		relay.addAll(agent);
		relay.add("--");
		this.log.println("Training the launcher's archive on a relay to a warm agent");
		try {
			exchange.run(relay, dir.resolve("launcher-training.log"));
		}
		finally {
			List<String> stop = new ArrayList<>(script.launcherCommand(java, dir.toString(), List.of()));
			stop.addAll(agent);
			// the training's arguments name the same warm agent
			stop.addAll(List.of("--", "--stop", TrainingExchange.EPHEMERAL_SESSIONS));
			run(stop, dir.resolve("stop.log"));
		}
		if (launcherArchive != null) {
			requireFile(launcherArchive, dir.resolve("launcher-training.log"));
		}
		return launcher;
	}

	private void bundle(String jarFileName, String launcherJar, boolean springAot) throws IOException {
		if (System.getProperty("os.name").toLowerCase(Locale.ROOT).startsWith("windows")) {
			throw new IllegalStateException(
					"The self-contained archive's command is a shell script: build it" + " on Linux or macOS");
		}
		String platform = RegistryDistribution.platform(System.getProperty("os.name"), System.getProperty("os.arch"));
		String bundleName = this.options.name() + "-" + platform;
		Path destination = this.options.destination();
		Path staging = destination.resolve(bundleName);
		Files.createDirectories(staging);
		copy(destination.resolve("app"), staging.resolve("app"));
		Path app = staging.resolve("app");
		List<Path> libraries;
		try (Stream<Path> files = Files.list(app.resolve("lib"))) {
			libraries = files.sorted().toList();
		}
		Set<String> modules = RuntimeImage.modulesOf(app.resolve(jarFileName), libraries, this.javaVersion, this.log);
		this.log.println("Linking a runtime with " + String.join(",", modules));
		RuntimeImage.link(modules, staging.resolve("runtime"), this.javaVersion);
		ClassDataArchive archive = ClassDataArchive.forRelocatedJava(this.javaVersion);
		if (!archive.present()) {
			this.log.println("Java " + this.javaVersion + " cannot use a class-data archive that was moved: the"
					+ " self-contained archive runs without one (build it with Java 19 or later, best 25)");
		}
		LaunchScript script = new LaunchScript(this.options.name(), this.javaVersion, null, jarFileName, launcherJar,
				springAot, archive);
		train(script, staging.resolve(LaunchScript.BUNDLED_JAVA).toString(), staging, archive);
		for (String log : List.of("training.log", "launcher-training.log", "stop.log")) {
			if (Files.exists(staging.resolve(log))) {
				Files.move(staging.resolve(log), destination.resolve(bundleName + "-" + log),
						StandardCopyOption.REPLACE_EXISTING);
			}
		}
		Files.deleteIfExists(staging.resolve(".acp-fast-launch"));
		Path tarball = destination.resolve(bundleName + ".tar.gz");
		List<String> tar = new ArrayList<>(List.of("tar", "-czf", tarball.toString(), "-C", staging.toString()));
		try (Stream<Path> files = Files.list(staging)) {
			files.map((file) -> file.getFileName().toString()).sorted().forEach(tar::add);
		}
		run(tar, destination.resolve("tar.log"));
		Path json = destination.resolve(bundleName + ".json");
		Files.writeString(json,
				RegistryDistribution.json(platform, tarball.getFileName().toString(), this.options.name()));
		this.log.println("Wrote " + tarball + " and its registry entry " + json);
	}

	static boolean hasSpringAot(Path jar) throws IOException {
		try (JarFile file = new JarFile(jar.toFile())) {
			String startClass = file.getManifest().getMainAttributes().getValue("Start-Class");
			return startClass != null && file.getEntry("BOOT-INF/classes/" + startClass.replace('.', '/')
					+ "__ApplicationContextInitializer.class") != null;
		}
	}

	private static String launcherJar(Path lib) throws IOException {
		try (Stream<Path> files = Files.list(lib)) {
			return files.map((file) -> file.getFileName().toString())
				.filter((name) -> name.startsWith(LAUNCHER_JAR_PREFIX) && name.endsWith(".jar"))
				.findFirst()
				.orElseThrow(() -> new IllegalStateException("No " + LAUNCHER_JAR_PREFIX + "*.jar in " + lib));
		}
	}

	private static void requireFile(Path file, Path log) throws IOException {
		if (!Files.isRegularFile(file) || Files.size(file) == 0) {
			throw new IllegalStateException("Training wrote no " + file.getFileName() + " (see " + log + ")");
		}
	}

	private static void run(List<String> command, Path log) throws IOException {
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		process.getOutputStream().close();
		try {
			if (!process.waitFor(5, TimeUnit.MINUTES)) {
				process.destroyForcibly();
				throw new IllegalStateException(command.get(0) + " did not finish (see " + log + ")");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted", ex);
		}
		if (process.exitValue() != 0) {
			throw new IllegalStateException(
					String.join(" ", command) + " failed with status " + process.exitValue() + " (see " + log + ")");
		}
	}

	private static void copy(Path from, Path to) throws IOException {
		try (Stream<Path> files = Files.walk(from)) {
			for (Path file : files.toList()) {
				Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES);
			}
		}
	}

	private static void delete(Path directory) throws IOException {
		if (!Files.exists(directory)) {
			return;
		}
		try (Stream<Path> files = Files.walk(directory)) {
			for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
				Files.delete(file);
			}
		}
	}

}
