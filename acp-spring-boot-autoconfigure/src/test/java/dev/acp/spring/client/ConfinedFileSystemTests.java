package dev.acp.spring.client;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.WriteTextFileRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
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

	@Test
	void writeCreatesTheFileAndItsDirectoriesInside() throws Exception {
		Path file = this.cwd.resolve("a/b/c.txt");
		this.fs.writeTextFile(new WriteTextFileRequest("s", file.toString(), "hé"), this.session);
		assertThat(Files.readString(file)).isEqualTo("hé");
	}

}
