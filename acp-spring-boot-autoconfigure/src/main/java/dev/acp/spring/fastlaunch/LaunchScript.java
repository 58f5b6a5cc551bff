package dev.acp.spring.fastlaunch;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;

/**
 * The text of the fast launch's shell script: the thin launcher
 * ({@code dev.acp.spring.launcher.AcpLauncher}) with its own class-data archive in front
 * of a warm agent JVM, or, with {@code ACP_WARM=off}, the agent in the script's process.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class LaunchScript {

	/**
	 * The agent's JVM flags: the client compiler only, one collector thread and a small
	 * heap with a 4 MB young generation (the default, a third of the initial heap, is all
	 * touched by the first collection: 7 MB more resident memory once the agent has
	 * served), no perf-data file, and JVM log lines on standard error (by default they go
	 * to standard output and would break the protocol stream).
	 */
	static final List<String> AGENT_FLAGS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xms32m",
			"-Xmx256m", "-Xmn4m", "-XX:-UsePerfData", "-Xlog:disable", "-Xlog:all=warning:stderr");

	/**
	 * Java 17 to 25 map a class-data archive at a random address and then patch every
	 * pointer in it (ArchiveRelocationMode=1, the default since Java 20 and in current 17
	 * updates): 12-17 ms per JVM before {@code main}, and every page of the archive
	 * becomes private. Mode 0 maps it at the address it was written for, relocating only
	 * when that address is taken.
	 */
	static final List<String> ARCHIVE_AT_ARCHIVED_ADDRESS = List.of("-XX:+UnlockDiagnosticVMOptions",
			"-XX:ArchiveRelocationMode=0");

	/**
	 * Spring AOT's initializer instead of parsing configuration classes.
	 */
	static final String SPRING_AOT = "-Dspring.aot.enabled=true";

	/**
	 * The launcher's JVM flags: it only relays bytes.
	 */
	static final List<String> LAUNCHER_FLAGS = List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xms8m",
			"-Xmx32m", "-Xss512k", "-XX:-UsePerfData", "-Xlog:disable", "-Xlog:all=warning:stderr");

	static final String LAUNCHER_CLASS = "dev.acp.spring.launcher.AcpLauncher";

	static final String APP_ARCHIVE = "app";

	static final String LAUNCHER_ARCHIVE = "launcher";

	static final String BUNDLED_JAVA = "runtime/bin/java";

	private static final Pattern SAFE_FILE_NAME = Pattern.compile("[A-Za-z0-9._+-]+");

	private final String name;

	private final int javaVersion;

	private final @Nullable String java;

	private final String jarFileName;

	private final String launcherJarFileName;

	private final boolean springAot;

	private final ClassDataArchive archive;

	private final boolean earlyStart;

	/**
	 * Create a script.
	 * @param name the script's name
	 * @param javaVersion the feature version of the JVM it runs
	 * @param java the absolute path of the {@code java} executable, or {@code null} for
	 * the runtime bundled beside the script ({@value #BUNDLED_JAVA})
	 * @param jarFileName the extracted application jar, in {@code app/}
	 * @param launcherJarFileName the starter's jar holding the launcher, in
	 * {@code app/lib/}
	 * @param springAot whether the jar carries Spring AOT's initializer
	 * @param archive the class-data archive beside the script
	 */
	LaunchScript(String name, int javaVersion, @Nullable String java, String jarFileName, String launcherJarFileName,
			boolean springAot, ClassDataArchive archive) {
		this.name = name;
		this.javaVersion = javaVersion;
		this.java = java;
		this.jarFileName = safe(jarFileName);
		this.launcherJarFileName = safe(launcherJarFileName);
		this.springAot = springAot;
		this.archive = archive;
		this.earlyStart = System.getProperty("os.name", "").startsWith("Linux");
	}

	private static String safe(String fileName) {
		if (!SAFE_FILE_NAME.matcher(fileName).matches()) {
			throw new IllegalArgumentException("The file name '" + fileName
					+ "' has characters other than letters, digits, '.', '_', '+' and '-'");
		}
		return fileName;
	}

	/**
	 * The agent's command, as the training runs and the script spawn it.
	 * @param java the {@code java} executable
	 * @param dir the script's directory
	 * @return the command
	 */
	List<String> agentCommand(String java, String dir) {
		List<String> command = new ArrayList<>();
		command.add(java);
		command.addAll(agentOptions());
		if (this.archive.present()) {
			command.addAll(this.archive.useOptions(dir + "/" + this.archive.fileName(APP_ARCHIVE)));
		}
		command.add("-jar");
		command.add(dir + "/app/" + this.jarFileName);
		return command;
	}

	List<String> agentOptions() {
		List<String> options = new ArrayList<>(AGENT_FLAGS);
		options.addAll(archiveAddressOptions());
		if (this.springAot) {
			options.add(SPRING_AOT);
		}
		return options;
	}

	/**
	 * {@link #ARCHIVE_AT_ARCHIVED_ADDRESS} on the Java versions known to have the flag
	 * (an unknown {@code -XX} flag stops the JVM).
	 * @return the options
	 */
	private List<String> archiveAddressOptions() {
		return (this.javaVersion <= 25) ? ARCHIVE_AT_ARCHIVED_ADDRESS : List.of();
	}

	/**
	 * The launcher's command up to the agent command.
	 * @param java the {@code java} executable
	 * @param dir the script's directory
	 * @param archiveOptions the launcher's class-data archive options
	 * @return the command
	 */
	List<String> launcherCommand(String java, String dir, List<String> archiveOptions) {
		List<String> command = new ArrayList<>();
		command.add(java);
		command.addAll(LAUNCHER_FLAGS);
		command.addAll(archiveAddressOptions());
		command.addAll(archiveOptions);
		command.add("-cp");
		command.add(dir + "/app/lib/" + this.launcherJarFileName);
		command.add(LAUNCHER_CLASS);
		return command;
	}

	/**
	 * The script.
	 * @return its text, for {@code /bin/sh}
	 */
	String text() {
		String javaLine = (this.java != null) ? "java=" + quote(this.java) : "java=\"$dir/" + BUNDLED_JAVA + "\"";
		List<String> launcherArchive = this.archive.present()
				? this.archive.useOptions("\"$dir\"/" + this.archive.fileName(LAUNCHER_ARCHIVE)) : List.of();
		String agent = words(agentCommand("\"$java\"", "\"$dir\""));
		return """
				#!/bin/sh
				# %1$s: the ACP agent over stdio, fast launch for Java %2$d (written by java -Djarmode=acp-fast-launch).
				# A thin launcher relays this process's standard input and output, as one connection, to a warm agent
				# JVM of this build and configuration, started on first use. ACP_WARM=off runs the agent in this
				# process instead. %1$s --status: whether the warm agent runs, its pid and log; %1$s --stop: stop it.
				dir=$(cd "$(dirname "$0")" && pwd)
				%3$s
				if [ "${ACP_WARM:-on}" = off ]; then
				  exec %4$s "$@"
				fi
				%5$sexec %6$s ${early:+--pending=$early} \\
				  %4$s -- "$@"
				""".formatted(this.name, this.javaVersion, javaLine, agent, this.earlyStart ? earlyStart(agent) : "",
				words(launcherCommand("\"$java\"", "\"$dir\"", launcherArchive)));
	}

	/**
	 * When no warm agent runs for this user (no live pid in the launcher's private
	 * directory), the script starts the agent at once, in its own session, on a socket
	 * named after this process, and the launcher, once its JVM runs, adopts it (or stops
	 * it when another launcher's agent serves this configuration already). Only in a
	 * directory the user owns with mode {@code rwx------}, as the launcher requires.
	 */
	private static String earlyStart(String agent) {
		return """
				# No warm agent running: start it now, while the launcher's JVM starts, in the directory the launcher
				# uses; the launcher adopts it as the warm agent of this configuration (or stops it if another serves).
				early=
				acp_agent_runs() {
				  for pid_file in "$1"/*.pid; do
				    pid=
				    [ -f "$pid_file" ] && read -r pid <"$pid_file"
				    [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null && return 0
				  done
				  return 1
				}
				case "${1-}" in
				  --status|--stop) ;;
				  *)
				    run="${XDG_RUNTIME_DIR:-/tmp}/acp-${USER:-$(id -un)}"
				    if { [ -d "$run" ] || mkdir -m 700 "$run" 2>/dev/null || [ -d "$run" ]; } && [ ! -L "$run" ] && [ -O "$run" ] \\
				        && ! acp_agent_runs "$run" && command -v setsid >/dev/null 2>&1; then
				      case $(ls -ld "$run") in
				        drwx------*)
				          if mkdir -p "$run/pending" 2>/dev/null; then
				            early=$(setsid %1$s "$@" --acp.transport=local \\
				              --acp.local.socket="$run/pending/$$.sock" --acp.local.pid-file="$run/pending/$$.pid" \\
				              --acp.local.failure-file="$run/pending/$$.failure" \\
				              </dev/null >"$run/pending/$$.log" 2>&1 & echo "$!")
				          fi ;;
				      esac
				    fi ;;
				esac
				"""
			.formatted(agent);
	}

	private static String words(List<String> words) {
		return String.join(" ", words);
	}

	static String quote(String text) {
		return "'" + text.replace("'", "'\\''") + "'";
	}

}
