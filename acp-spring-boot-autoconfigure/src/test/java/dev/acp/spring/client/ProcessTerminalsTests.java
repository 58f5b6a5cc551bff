package dev.acp.spring.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.KillTerminalRequest;
import dev.acp.spring.protocol.ReleaseTerminalRequest;
import dev.acp.spring.protocol.TerminalOutputRequest;
import dev.acp.spring.protocol.TerminalOutputResponse;
import dev.acp.spring.protocol.WaitForTerminalExitRequest;
import dev.acp.spring.protocol.WaitForTerminalExitResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

/**
 * Tests for {@link ProcessTerminals}.
 */
@DisabledOnOs(OS.WINDOWS)
class ProcessTerminalsTests {

	@TempDir
	Path cwd;

	private final AcpClientTerminals terminals = AcpClientTerminals.processes().create();

	private AcpAgentSession session() {
		AcpAgentSession session = mock(AcpAgentSession.class);
		given(session.cwd()).willReturn(this.cwd);
		return session;
	}

	@AfterEach
	void release() {
		this.terminals.releaseAll();
	}

	private String create(String command, List<String> args, Long limit) {
		return this.terminals
			.create(new CreateTerminalRequest("s", command, args, null, null, limit, null, null), session())
			.terminalId();
	}

	@Test
	void aCommandRunsInTheSessionDirectoryAndReportsItsExit() {
		String id = create("sh", List.of("-c", "pwd; exit 7"), null);
		WaitForTerminalExitResponse exit = this.terminals.waitForExit(new WaitForTerminalExitRequest("s", id));
		assertThat(exit.exitCode()).isEqualTo(7);
		TerminalOutputResponse output = this.terminals.output(new TerminalOutputRequest("s", id));
		assertThat(output.output().trim()).isEqualTo(this.cwd.toFile().getAbsolutePath());
		assertThat(output.truncated()).isFalse();
		assertThat(output.exitStatus().exitCode()).isEqualTo(7);
	}

	@Test
	void outputIsBoundedKeepingTheEndAndFlaggedTruncated() {
		String id = create("sh", List.of("-c", "for i in $(seq 1 2000); do echo line$i; done"), 100L);
		this.terminals.waitForExit(new WaitForTerminalExitRequest("s", id));
		TerminalOutputResponse output = this.terminals.output(new TerminalOutputRequest("s", id));
		assertThat(output.truncated()).isTrue();
		assertThat(output.output().length()).isLessThanOrEqualTo(100);
		assertThat(output.output()).endsWith("line2000\n");
	}

	@Test
	void truncatedOutputStartsAtACharacterBoundary() {
		String id = create("sh", List.of("-c", "for i in $(seq 1 100); do printf '\\303\\251'; done"), 51L);
		this.terminals.waitForExit(new WaitForTerminalExitRequest("s", id));
		TerminalOutputResponse output = this.terminals.output(new TerminalOutputRequest("s", id));
		assertThat(output.truncated()).isTrue();
		assertThat(output.output()).isEqualTo("\u00e9".repeat(25));
	}

	@Test
	void aCommandLineWithoutArgsIsNotHandedToAShell() {
		Path marker = this.cwd.resolve("marker");
		assertThatExceptionOfType(JsonRpcException.class).isThrownBy(() -> create("touch " + marker, null, null))
			.satisfies((ex) -> {
				assertThat(ex.getError().code()).isEqualTo(-32602);
				assertThat(ex.getError().data().toString()).contains("command", "could not be started");
			});
		assertThat(marker).doesNotExist();
	}

	@Test
	void aCommandLineWithoutArgsRunsThroughTheShellWhenConfigured() {
		AcpClientTerminals shell = AcpClientTerminals.processes(new AcpClientTerminals.Settings(1024 * 1024, 16, true))
			.create();
		try {
			String id = shell
				.create(new CreateTerminalRequest("s", "echo one two", null, null, null, null, null, null), session())
				.terminalId();
			shell.waitForExit(new WaitForTerminalExitRequest("s", id));
			assertThat(shell.output(new TerminalOutputRequest("s", id)).output()).isEqualTo("one two\n");
		}
		finally {
			shell.releaseAll();
		}
	}

	@Test
	void theAgentsOutputByteLimitIsCappedByTheClientsLimit() {
		AcpClientTerminals capped = AcpClientTerminals.processes(new AcpClientTerminals.Settings(100, 16, false))
			.create();
		try {
			String id = capped
				.create(new CreateTerminalRequest("s", "sh",
						List.of("-c", "for i in $(seq 1 2000); do echo line$i; done"), null, null, 1_000_000L, null,
						null), session())
				.terminalId();
			capped.waitForExit(new WaitForTerminalExitRequest("s", id));
			TerminalOutputResponse output = capped.output(new TerminalOutputRequest("s", id));
			assertThat(output.truncated()).isTrue();
			assertThat(output.output().length()).isLessThanOrEqualTo(100);
			assertThat(output.output()).endsWith("line2000\n");
		}
		finally {
			capped.releaseAll();
		}
	}

	@Test
	void theNumberOfTerminalsOfAConnectionIsBoundedUntilOneIsReleased() {
		AcpClientTerminals two = AcpClientTerminals.processes(new AcpClientTerminals.Settings(1024, 2, false)).create();
		try {
			String first = two
				.create(new CreateTerminalRequest("s", "sleep", List.of("60"), null, null, null, null, null), session())
				.terminalId();
			two.create(new CreateTerminalRequest("t", "sleep", List.of("60"), null, null, null, null, null), session());
			Path marker = this.cwd.resolve("third");
			assertThatExceptionOfType(JsonRpcException.class)
				.isThrownBy(() -> two.create(new CreateTerminalRequest("s", "touch", List.of(marker.toString()), null,
						null, null, null, null), session()))
				.satisfies((ex) -> {
					assertThat(ex.getError().code()).isEqualTo(-32001);
					assertThat(ex.getError().data().toString()).contains("2 terminals");
				});
			assertThat(marker).doesNotExist();
			two.release(new ReleaseTerminalRequest("s", first));
			String third = two
				.create(new CreateTerminalRequest("s", "touch", List.of(marker.toString()), null, null, null, null,
						null), session())
				.terminalId();
			assertThat(two.waitForExit(new WaitForTerminalExitRequest("s", third)).exitCode()).isZero();
			assertThat(Files.exists(marker)).isTrue();
		}
		finally {
			two.releaseAll();
		}
	}

	@Test
	void killStopsTheCommandAndReleaseForgetsIt() {
		String id = create("sleep", List.of("60"), null);
		this.terminals.kill(new KillTerminalRequest("s", id));
		assertThat(this.terminals.waitForExit(new WaitForTerminalExitRequest("s", id)).exitCode()).isNotEqualTo(0);
		this.terminals.release(new ReleaseTerminalRequest("s", id));
		assertThatExceptionOfType(JsonRpcException.class)
			.isThrownBy(() -> this.terminals.output(new TerminalOutputRequest("s", id)))
			.satisfies((ex) -> assertThat(ex.getError().code()).isEqualTo(-32002));
	}

	@Test
	void releasingASessionKillsItsTerminals() {
		String id = create("sleep", List.of("60"), null);
		this.terminals.releaseSession("s");
		assertThatExceptionOfType(JsonRpcException.class)
			.isThrownBy(() -> this.terminals.output(new TerminalOutputRequest("s", id)));
	}

	@Test
	void aTerminalDirectoryOutsideTheSessionIsRefused() {
		assertThatExceptionOfType(JsonRpcException.class)
			.isThrownBy(() -> this.terminals
				.create(new CreateTerminalRequest("s", "pwd", null, null, "..", null, null, null), session()))
			.satisfies((ex) -> assertThat(ex.getError().code()).isEqualTo(-32602));
	}

	@Test
	void anotherSessionsTerminalIsNotFound() {
		String id = create("sleep", List.of("60"), null);
		assertThatExceptionOfType(JsonRpcException.class)
			.isThrownBy(() -> this.terminals.output(new TerminalOutputRequest("other", id)));
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	void releaseEndsTheBackgroundChildrenThatOutlivedTheTerminalsCommand() throws Exception {
		String id = create("sh", List.of("-c", "sleep 1000 & echo $!"), null);
		long background = backgroundPid(id);

		this.terminals.release(new ReleaseTerminalRequest("s", id));

		assertThat(hasEnded(background)).as("the background process %d has ended", background).isTrue();
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	void releasingASessionEndsTheBackgroundChildrenOfItsTerminals() throws Exception {
		String id = create("sh", List.of("-c", "sleep 1000 & echo $!"), null);
		long background = backgroundPid(id);

		this.terminals.releaseSession("s");

		assertThat(hasEnded(background)).as("the background process %d has ended", background).isTrue();
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	void releasingEveryTerminalAtTheConnectionsEndEndsTheirBackgroundChildren() throws Exception {
		String id = create("sh", List.of("-c", "sleep 1000 & echo $!"), null);
		long background = backgroundPid(id);

		this.terminals.releaseAll();

		assertThat(hasEnded(background)).as("the background process %d has ended", background).isTrue();
	}

	private long backgroundPid(String id) throws IOException {
		this.terminals.waitForExit(new WaitForTerminalExitRequest("s", id));
		long pid = Long.parseLong(this.terminals.output(new TerminalOutputRequest("s", id)).output().trim());
		assertThat(hasEnded(pid)).as("the background process runs before the release").isFalse();
		return pid;
	}

	/**
	 * Whether a process has ended: gone, or a zombie its new parent has not reaped (the
	 * parent of orphans on some machines never does).
	 */
	private static boolean hasEnded(long pid) throws IOException {
		Path stat = Path.of("/proc", Long.toString(pid), "stat");
		if (!Files.exists(stat)) {
			return true;
		}
		String text;
		try {
			text = Files.readString(stat);
		}
		catch (NoSuchFileException ex) {
			return true;
		}
		char state = text.charAt(text.lastIndexOf(')') + 2);
		return state == 'Z' || state == 'X';
	}

}
