package dev.acp.spring.client;

import java.nio.file.Files;
import java.nio.file.Path;

import dev.acp.spring.jsonrpc.JsonRpcException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests of {@link ProcessTerminals.ConfinedDirectory}: the working directory a terminal
 * asks for lies inside the session's, links resolved.
 *
 * @author ACP Spring Boot Starter contributors
 */
class ConfinedDirectoryTests {

	@TempDir
	Path temp;

	private Path cwd;

	@BeforeEach
	void workingDirectory() throws Exception {
		this.cwd = Files.createDirectories(this.temp.resolve("project/sub"));
		this.cwd = this.cwd.getParent();
	}

	private static void assertRefused(String requested, Path cwd, String message) {
		assertThatExceptionOfType(JsonRpcException.class)
			.isThrownBy(() -> ProcessTerminals.ConfinedDirectory.confine(requested, cwd))
			.satisfies((ex) -> {
				assertThat(ex.getError().code()).isEqualTo(-32602);
				assertThat(ex.getError().data().toString()).contains("cwd").contains(message);
			});
	}

	@Test
	void aDirectoryInsideIsGivenAsItsRealPathWhetherAbsoluteOrRelative() throws Exception {
		Path sub = this.cwd.resolve("sub").toRealPath();
		assertThat(ProcessTerminals.ConfinedDirectory.confine("sub", this.cwd)).isEqualTo(sub);
		assertThat(ProcessTerminals.ConfinedDirectory.confine(sub.toString(), this.cwd)).isEqualTo(sub);
		assertThat(ProcessTerminals.ConfinedDirectory.confine(".", this.cwd)).isEqualTo(this.cwd.toRealPath());
	}

	@Test
	void aDirectoryOutsideThroughDotDotOrAnAbsolutePathIsRefused() {
		assertRefused("..", this.cwd, "outside the working directory");
		assertRefused("sub/../..", this.cwd, "outside the working directory");
		assertRefused(this.temp.toString(), this.cwd, "outside the working directory");
	}

	@Test
	void aSymbolicLinkLeadingOutsideIsRefused() throws Exception {
		Files.createSymbolicLink(this.cwd.resolve("escape"), this.temp);
		assertRefused("escape", this.cwd, "outside the working directory");
	}

	@Test
	void aSiblingWhoseNameStartsLikeTheWorkingDirectoryIsOutside() throws Exception {
		Files.createDirectory(this.temp.resolve("project-other"));
		assertRefused("../project-other", this.cwd, "outside the working directory");
	}

	@Test
	void aMissingDirectoryIsRefusedAsNotExisting() {
		assertRefused("none", this.cwd, "does not exist");
	}

}
