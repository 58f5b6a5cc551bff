package dev.acp.spring.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import org.jspecify.annotations.Nullable;

/**
 * Starts a command as the leader of a session of its own (on Linux, through
 * {@code setsid} when it is installed) and ends it with everything it started: its
 * descendants, and on Linux every process still in its session, which includes the
 * background children that outlived their parent and were handed to another. A process
 * group or session keeps such orphans together where {@link ProcessHandle#descendants()}
 * loses them; only a child that starts a session of its own escapes.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ProcessTree {

	private static final long END_MILLIS = 5000;

	private static final Path PROC = Path.of("/proc");

	private static final @Nullable String SETSID = setsid();

	private ProcessTree() {
	}

	/**
	 * The command line to start so that the command leads a session of its own.
	 * @param commandLine the command line
	 * @return the command line to start
	 */
	static List<String> ownSession(List<String> commandLine) {
		if (SETSID == null) {
			return commandLine;
		}
		List<String> own = new ArrayList<>(commandLine.size() + 1);
		own.add(SETSID);
		own.addAll(commandLine);
		return own;
	}

	/**
	 * Whether a command can be started as {@link #ownSession(List)} would start it: with
	 * {@code setsid} in between, a command that cannot run no longer fails the start, so
	 * it is looked up first as {@code execvp} would (a name with a {@code /} from the
	 * working directory, any other on the {@code PATH}).
	 * @param command the command
	 * @param directory the working directory
	 * @param path the {@code PATH} of the command's environment
	 * @return whether it names an executable file
	 */
	static boolean canStart(String command, Path directory, @Nullable String path) {
		if (SETSID == null) {
			return true;
		}
		if (command.isEmpty()) {
			return false;
		}
		if (command.contains("/")) {
			return isExecutableFile(directory.resolve(command));
		}
		if (path == null) {
			return false;
		}
		for (String entry : path.split(":")) {
			if (isExecutableFile(directory.resolve(entry.isEmpty() ? "." : entry).resolve(command))) {
				return true;
			}
		}
		return false;
	}

	private static boolean isExecutableFile(Path file) {
		return Files.isRegularFile(file) && Files.isExecutable(file);
	}

	/**
	 * End a process started by {@link #ownSession(List)} and every process it started,
	 * and wait (bounded) until they have ended.
	 * @param process the process
	 */
	static void end(Process process) {
		long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(END_MILLIS);
		Map<Long, ProcessHandle> ended = new LinkedHashMap<>();
		// Twice: a member may have started another while the first were ended.
		for (int round = 0; round < 2; round++) {
			List<ProcessHandle> members = new ArrayList<>(process.descendants().toList());
			if (SETSID != null) {
				members.addAll(sessionMembers(process.pid()));
			}
			for (ProcessHandle member : members) {
				if (member.pid() != process.pid() && ended.putIfAbsent(member.pid(), member) == null) {
					member.destroyForcibly();
				}
			}
		}
		process.destroyForcibly();
		try {
			process.waitFor(END_MILLIS, TimeUnit.MILLISECONDS);
			for (ProcessHandle member : ended.values()) {
				awaitEnd(member, deadline);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private static List<ProcessHandle> sessionMembers(long sessionId) {
		try (Stream<ProcessHandle> all = ProcessHandle.allProcesses()) {
			return all.filter((handle) -> handle.pid() != sessionId && sessionOf(handle.pid()) == sessionId).toList();
		}
	}

	/**
	 * Wait until a process ended: gone, or a zombie whose new parent has not reaped it
	 * yet ({@link ProcessHandle#onExit()} would wait for the reaping, which a parent that
	 * never reaps never does).
	 */
	private static void awaitEnd(ProcessHandle member, long deadline) throws InterruptedException {
		if (SETSID == null) {
			try {
				member.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
			}
			catch (ExecutionException | TimeoutException ex) {
				// ended as far as can be told
			}
			return;
		}
		while (!hasEnded(member.pid()) && System.nanoTime() < deadline) {
			Thread.sleep(5);
		}
	}

	/**
	 * Whether a process has ended (Linux): no longer there, or a zombie.
	 * @param pid the process id
	 * @return whether it ended
	 */
	static boolean hasEnded(long pid) {
		String stat = stat(pid);
		if (stat == null) {
			return true;
		}
		char state = stat.charAt(stat.lastIndexOf(')') + 2);
		return state == 'Z' || state == 'X';
	}

	private static long sessionOf(long pid) {
		String stat = stat(pid);
		if (stat == null) {
			return -1;
		}
		// after "(comm) ": state ppid pgrp session
		String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ", 5);
		try {
			return (fields.length > 3) ? Long.parseLong(fields[3]) : -1;
		}
		catch (NumberFormatException ex) {
			return -1;
		}
	}

	private static @Nullable String stat(long pid) {
		try {
			return Files.readString(PROC.resolve(Long.toString(pid)).resolve("stat"));
		}
		catch (IOException ex) {
			// gone, or not readable: not one of ours
			return null;
		}
	}

	private static @Nullable String setsid() {
		if (!System.getProperty("os.name", "").toLowerCase().startsWith("linux") || !Files.isDirectory(PROC)) {
			return null;
		}
		for (String candidate : List.of("/usr/bin/setsid", "/bin/setsid")) {
			if (Files.isExecutable(Path.of(candidate))) {
				return candidate;
			}
		}
		return null;
	}

}
