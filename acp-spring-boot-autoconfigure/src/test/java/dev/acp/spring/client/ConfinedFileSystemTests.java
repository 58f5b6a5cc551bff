package dev.acp.spring.client;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.WriteTextFileRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

/**
 * Tests for {@link ConfinedFileSystem}.
 */
class ConfinedFileSystemTests {

	@TempDir
	Path temp;

	private Path cwd;

	private final AcpAgentSession session = mock(AcpAgentSession.class);

	private final AcpClientFileSystem fs = AcpClientFileSystem.confined();

	@BeforeEach
	void workingDirectory() throws Exception {
		this.cwd = Files.createDirectory(this.temp.resolve("project"));
		given(this.session.cwd()).willReturn(this.cwd);
		Files.writeString(this.temp.resolve("secret.txt"), "secret");
		Files.writeString(this.cwd.resolve("lines.txt"), "1\n2\n3\n4\n");
	}

	private String read(String path, Integer line, Integer limit) {
		return this.fs.readTextFile(new ReadTextFileRequest("s", path, line, limit, null, null), this.session)
			.content();
	}

	@Test
	void readHonoursLineAndLimit() {
		String path = this.cwd.resolve("lines.txt").toString();
		assertThat(read(path, null, null)).isEqualTo("1\n2\n3\n4\n");
		assertThat(read(path, 2, 2)).isEqualTo("2\n3\n");
		assertThat(read(path, 3, null)).isEqualTo("3\n4\n");
		assertThat(read(path, null, 1)).isEqualTo("1\n");
		assertThat(read(path, 9, null)).isEmpty();
	}

	@Test
	void aPathOutsideThroughDotDotIsRefusedWithInvalidParams() {
		assertThatExceptionOfType(JsonRpcException.class)
			.isThrownBy(() -> read(this.cwd.resolve("../secret.txt").toString(), null, null))
			.satisfies((ex) -> {
				assertThat(ex.getError().code()).isEqualTo(-32602);
				assertThat(ex.getError().data().toString()).contains("outside the working directory");
			});
	}

	@Test
	void aSymbolicLinkLeadingOutsideIsRefused() throws Exception {
		Files.createSymbolicLink(this.cwd.resolve("link.txt"), this.temp.resolve("secret.txt"));
		Files.createSymbolicLink(this.cwd.resolve("linkdir"), this.temp);
		assertThatExceptionOfType(JsonRpcException.class)
			.isThrownBy(() -> read(this.cwd.resolve("link.txt").toString(), null, null))
			.satisfies((ex) -> assertThat(ex.getError().code()).isEqualTo(-32602));
		assertThatExceptionOfType(JsonRpcException.class)
			.isThrownBy(() -> this.fs.writeTextFile(
					new WriteTextFileRequest("s", this.cwd.resolve("linkdir/new.txt").toString(), "x"), this.session))
			.satisfies((ex) -> assertThat(ex.getError().code()).isEqualTo(-32602));
		assertThat(this.temp.resolve("new.txt")).doesNotExist();
	}

	@Test
	void aRelativePathIsRefused() {
		assertThatExceptionOfType(JsonRpcException.class).isThrownBy(() -> read("lines.txt", null, null))
			.satisfies((ex) -> assertThat(ex.getError().data())
				.isEqualTo(List.of(java.util.Map.of("field", "path", "message", "must be absolute"))));
	}

	@Test
	void aMissingFileIsResourceNotFound() {
		assertThatExceptionOfType(JsonRpcException.class)
			.isThrownBy(() -> read(this.cwd.resolve("none.txt").toString(), null, null))
			.satisfies((ex) -> assertThat(ex.getError().code()).isEqualTo(-32002));
	}

	private void write(String path, String content) {
		this.fs.writeTextFile(new WriteTextFileRequest("s", path, content), this.session);
	}

	private static void assertRefusedWithInvalidParams(Runnable call, String message) {
		assertThatExceptionOfType(JsonRpcException.class).isThrownBy(call::run).satisfies((ex) -> {
			assertThat(ex.getError().code()).isEqualTo(-32602);
			assertThat(ex.getError().data().toString()).contains(message);
		});
	}

	@Test
	void aWriteThroughADanglingSymbolicLinkIsRefusedAndCreatesNothingOutside() throws Exception {
		Path absoluteTarget = this.temp.resolve("outside/absolute.txt");
		Files.createDirectory(this.temp.resolve("outside"));
		Files.createSymbolicLink(this.cwd.resolve("absolute.txt"), absoluteTarget);
		Files.createSymbolicLink(this.cwd.resolve("relative.txt"), Path.of("../outside/relative.txt"));
		assertRefusedWithInvalidParams(() -> write(this.cwd.resolve("absolute.txt").toString(), "x"), "symbolic link");
		assertRefusedWithInvalidParams(() -> write(this.cwd.resolve("relative.txt").toString(), "x"), "symbolic link");
		assertThat(absoluteTarget).doesNotExist();
		assertThat(this.temp.resolve("outside/relative.txt")).doesNotExist();
	}

	@Test
	void aWriteThroughASymbolicLinkAnywhereInItsPathIsRefusedEvenWhenItPointsInside() throws Exception {
		Files.createDirectory(this.cwd.resolve("real"));
		Files.createSymbolicLink(this.cwd.resolve("alias"), this.cwd.resolve("real"));
		Files.createSymbolicLink(this.cwd.resolve("same.txt"), this.cwd.resolve("lines.txt"));
		assertRefusedWithInvalidParams(() -> write(this.cwd.resolve("alias/new.txt").toString(), "x"), "symbolic link");
		assertRefusedWithInvalidParams(() -> write(this.cwd.resolve("same.txt").toString(), "x"), "symbolic link");
		assertThat(this.cwd.resolve("real/new.txt")).doesNotExist();
		assertThat(Files.readString(this.cwd.resolve("lines.txt"))).isEqualTo("1\n2\n3\n4\n");
	}

	@Test
	void aWriteReplacesAnExistingFileKeepingItsPermissions() throws Exception {
		Path file = this.cwd.resolve("lines.txt");
		Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-x---"));
		write(file.toString(), "new");
		assertThat(Files.readString(file)).isEqualTo("new");
		assertThat(java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
			.isEqualTo("rwxr-x---");
		try (var entries = Files.list(this.cwd)) {
			assertThat(entries.map((entry) -> entry.getFileName().toString())).containsExactly("lines.txt");
		}
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	@Timeout(value = 20, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
	void aFifoIsRefusedAtOnceInsteadOfBlockingTheThread() throws Exception {
		Path fifo = this.cwd.resolve("pipe");
		Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
		assertThat(mkfifo.waitFor()).isZero();
		assertRefusedWithInvalidParams(() -> read(fifo.toString(), null, null), "is not a regular file");
		assertRefusedWithInvalidParams(() -> write(fifo.toString(), "x"), "is not a regular file");
	}

	@Test
	void aFileLargerThanTheReadLimitIsRefusedButItsLinesCanBeReadInParts() throws Exception {
		AcpClientFileSystem limited = AcpClientFileSystem.confined(1024);
		Path big = this.cwd.resolve("big.txt");
		Files.writeString(big, "first\n" + "x".repeat(100_000) + "\nlast\n");
		assertRefusedWithInvalidParams(() -> limited
			.readTextFile(new ReadTextFileRequest("s", big.toString(), null, null, null, null), this.session),
				"larger than the client's limit of 1024 bytes");
		assertRefusedWithInvalidParams(() -> limited
			.readTextFile(new ReadTextFileRequest("s", big.toString(), 2, 1, null, null), this.session),
				"larger than the client's limit of 1024 bytes");
		assertThat(limited.readTextFile(new ReadTextFileRequest("s", big.toString(), 3, 1, null, null), this.session)
			.content()).isEqualTo("last\n");
		assertThat(limited.readTextFile(new ReadTextFileRequest("s", big.toString(), null, 1, null, null), this.session)
			.content()).isEqualTo("first\n");
	}

	@Test
	void writeCreatesTheFileAndItsDirectoriesInside() throws Exception {
		Path file = this.cwd.resolve("a/b/c.txt");
		this.fs.writeTextFile(new WriteTextFileRequest("s", file.toString(), "hé"), this.session);
		assertThat(Files.readString(file)).isEqualTo("hé");
	}

	@Test
	void lineOneAndLimitZeroAreTheSmallestAcceptedAndLessIsInvalidParams() {
		String path = this.cwd.resolve("lines.txt").toString();
		assertThat(read(path, 1, null)).isEqualTo("1\n2\n3\n4\n");
		assertThat(read(path, null, 0)).isEmpty();
		assertRefusedWithInvalidParams(() -> read(path, 0, null), "must be 1 or more");
		assertRefusedWithInvalidParams(() -> read(path, null, -1), "must not be negative");
	}

	@Test
	void theReadBoundMustBePositive() {
		assertThat(AcpClientFileSystem.confined(1)).isNotNull();
		assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> AcpClientFileSystem.confined(0));
	}

	@Test
	void aMissingFileOutsideIsRefusedAsOutsideSoTheAgentLearnsNothingOfIt() {
		assertRefusedWithInvalidParams(() -> read(this.temp.resolve("none.txt").toString(), null, null),
				"outside the working directory");
		assertRefusedWithInvalidParams(() -> read(this.temp.resolve("secret.txt").toString(), null, null),
				"outside the working directory");
	}

	@Test
	void aWorkingDirectoryReachedThroughASymbolicLinkIsReadAndWrittenInside() throws Exception {
		Path link = Files.createSymbolicLink(this.temp.resolve("link-to-project"), this.cwd);
		given(this.session.cwd()).willReturn(link);
		assertThat(read(link.resolve("lines.txt").toString(), 4, null)).isEqualTo("4\n");
		assertThat(read(this.cwd.resolve("lines.txt").toString(), 4, null)).isEqualTo("4\n");
		write(link.resolve("new.txt").toString(), "through the link");
		write(this.cwd.resolve("real.txt").toString(), "by the real path");
		assertThat(Files.readString(this.cwd.resolve("new.txt"))).isEqualTo("through the link");
		assertThat(Files.readString(this.cwd.resolve("real.txt"))).isEqualTo("by the real path");
		assertRefusedWithInvalidParams(() -> read(link.resolve("../secret.txt").toString(), null, null),
				"outside the working directory");
	}

	@Test
	void aWriteBelowAFileIsRefusedAsNotADirectory() {
		assertRefusedWithInvalidParams(() -> write(this.cwd.resolve("lines.txt/new.txt").toString(), "x"),
				"passes through a file that is not a directory");
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	void writesLeaveNoDirectoryOpen() throws Exception {
		long before = openDescriptors();
		for (int i = 0; i < 20; i++) {
			write(this.cwd.resolve("a/b/c/file" + i + ".txt").toString(), "x");
		}
		assertThat(openDescriptors()).isLessThan(before + 10);
	}

	private static long openDescriptors() throws Exception {
		try (var descriptors = Files.list(Path.of("/proc/self/fd"))) {
			return descriptors.count();
		}
	}

}
