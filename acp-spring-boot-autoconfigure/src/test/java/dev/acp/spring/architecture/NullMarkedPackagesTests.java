package dev.acp.spring.architecture;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every package of the library modules' main code is {@code @NullMarked}: NullAway checks
 * only marked code, and the mark is what tells users' tools that the package's signatures
 * say where {@code null} may be (docs/quality-gates.md).
 *
 * @author ACP Spring Boot Starter contributors
 */
class NullMarkedPackagesTests {

	private static final List<String> LIBRARY_MODULES = List.of("acp-spring-boot-autoconfigure",
			"acp-spring-boot-starter-test", "acp-spring-boot-starter-inspector");

	private static final Pattern NULL_MARKED_PACKAGE = Pattern
		.compile("^@(?:org\\.jspecify\\.annotations\\.)?NullMarked\\s+package\\s", Pattern.MULTILINE);

	@Test
	void everyPackageOfTheLibraryModulesMainCodeIsNullMarked() {
		Path root = Path.of("").toAbsolutePath().getParent();
		List<Path> packages = LIBRARY_MODULES.stream()
			.map((module) -> root.resolve(module).resolve("src/main/java"))
			.flatMap(NullMarkedPackagesTests::packageDirectories)
			.toList();
		assertThat(packages).as("the library's packages").hasSizeGreaterThan(20);
		assertThat(packages.stream().filter((directory) -> !isNullMarked(directory)).map(root::relativize))
			.as("packages whose package-info.java is not @NullMarked")
			.isEmpty();
	}

	private static Stream<Path> packageDirectories(Path sources) {
		try (Stream<Path> files = Files.walk(sources)) {
			return files.filter((file) -> file.toString().endsWith(".java"))
				.map(Path::getParent)
				.distinct()
				.toList()
				.stream();
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot read " + sources, ex);
		}
	}

	private static boolean isNullMarked(Path directory) {
		Path packageInfo = directory.resolve("package-info.java");
		try {
			return Files.exists(packageInfo) && NULL_MARKED_PACKAGE.matcher(Files.readString(packageInfo)).find();
		}
		catch (IOException ex) {
			throw new IllegalStateException("Cannot read " + packageInfo, ex);
		}
	}

}
