package dev.acp.spring.client;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.acp.spring.jsonrpc.JsonRpcException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests for the by-path writing of {@link NoFollowFileWriter}, used where the platform
 * has no {@link java.nio.file.SecureDirectoryStream} (the secure one is covered through
 * {@link ConfinedFileSystemTests}).
 */
class NoFollowFileWriterTests {

	@TempDir
	Path root;

	@Test
	void byPathALinkAsAnyComponentIsRefusedAndNothingIsWrittenOutside() throws Exception {
		Path outside = Files.createDirectory(this.root.resolveSibling(this.root.getFileName() + "-outside"));
		try {
			Files.createSymbolicLink(this.root.resolve("dangling.txt"), outside.resolve("x.txt"));
			Files.createSymbolicLink(this.root.resolve("dir"), outside);
			byte[] bytes = "x".getBytes(StandardCharsets.UTF_8);
			assertThatExceptionOfType(JsonRpcException.class)
				.isThrownBy(() -> NoFollowFileWriter.writeByPath(this.root, Path.of("dangling.txt"), bytes, "p"))
				.satisfies((ex) -> assertThat(ex.getError().data().toString()).contains("symbolic link"));
			assertThatExceptionOfType(JsonRpcException.class)
				.isThrownBy(() -> NoFollowFileWriter.writeByPath(this.root, Path.of("dir/y.txt"), bytes, "p"))
				.satisfies((ex) -> assertThat(ex.getError().data().toString()).contains("symbolic link"));
			try (var entries = Files.list(outside)) {
				assertThat(entries).isEmpty();
			}
		}
		finally {
			Files.delete(outside);
		}
	}

	@Test
	void byPathTheFileAndItsDirectoriesAreCreatedWithNoTemporaryFileLeft() throws Exception {
		NoFollowFileWriter.writeByPath(this.root, Path.of("a/b.txt"), "hé".getBytes(StandardCharsets.UTF_8), "p");
		assertThat(Files.readString(this.root.resolve("a/b.txt"))).isEqualTo("hé");
		try (var entries = Files.list(this.root.resolve("a"))) {
			assertThat(entries.map((entry) -> entry.getFileName().toString())).containsExactly("b.txt");
		}
	}

}
