package dev.acp.spring.spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Holds the roster of the spec's requirements ({@code src/test/resources/spec}, one file
 * per page of ACP v1 and of the seed documents) to its rules: each entry is proven by
 * tests that exist, or says why it does not apply, or names the test still to write; and
 * the coverage table of {@code docs/spec-requirements.md} is the one the roster gives.
 * Run with {@code -Dspec.roster.update=true} to write that table into the page.
 *
 * @author ACP Spring Boot Starter contributors
 */
class SpecRequirementsRosterTests {

	private static final Path ROSTER = Path.of("src/test/resources/spec");

	private static final Path ROOT = Path.of("..");

	private static final Path SUMMARY = ROOT.resolve("docs/spec-requirements.md");

	private static final Path REPORT = Path.of("target/spec-requirements-coverage.md");

	private static final Set<String> LEVELS = Set.of("MUST", "MUST NOT", "SHOULD", "SHOULD NOT", "REQUIRED");

	private static final Set<String> ROLES = Set.of("agent", "client", "both");

	private static List<RosterPage> pages;

	@BeforeAll
	static void read() throws IOException {
		pages = SpecRoster.read(ROSTER);
	}

	@Test
	void everyEntryHasAnIdOfItsPageALevelARoleAndARule() {
		assertThat(pages).isNotEmpty();
		assertThat(malformed(pages)).as("malformed roster entries").isEmpty();
	}

	@Test
	void everyEntryIsProvenNotApplicableOrPending() {
		assertThat(unaccounted(pages)).as("roster entries with no test, no n/a reason and nothing pending").isEmpty();
	}

	@Test
	void everyTestTheRosterNamesExists() throws IOException {
		assertThat(missingTests(pages, new TestReferences(ROOT))).as("tests the roster names that do not exist")
			.isEmpty();
	}

	@Test
	void theCoverageByPageIsWrittenToTargetAndTheDocsSummaryIsTheRostersOwn() throws IOException {
		String section = CoverageReport.section(pages);
		Files.createDirectories(REPORT.getParent());
		Files.writeString(REPORT, "# ACP spec requirements: coverage by page\n\n" + section + "\n");
		String summary = Files.readString(SUMMARY);
		int begin = summary.indexOf(CoverageReport.BEGIN);
		int end = summary.indexOf(CoverageReport.END);
		assertThat(begin).as("the coverage markers of " + SUMMARY).isNotNegative().isLessThan(end);
		String written = summary.substring(begin, end + CoverageReport.END.length());
		if (Boolean.getBoolean("spec.roster.update")) {
			Files.writeString(SUMMARY, summary.replace(written, section));
			return;
		}
		assertThat(written)
			.as("the coverage table of docs/spec-requirements.md (rerun with "
					+ "-Dspec.roster.update=true to write it, or copy it from " + REPORT + ")")
			.isEqualTo(section);
	}

	@Test
	void anEntryWithoutTestReasonOrPendingAndAnEntryWithAReasonAndTestsAreBothReported() {
		Requirement bare = new Requirement("v1/x", "v1.x.1", "MUST", "agent", "a rule", List.of(), null, null);
		Requirement both = new Requirement("v1/x", "v1.x.2", "MUST", "agent", "a rule", List.of("m:a.B#c"), "not ours",
				null);
		Requirement proven = new Requirement("v1/x", "v1.x.3", "MUST", "agent", "a rule", List.of("m:a.B#c"), null,
				null);
		List<RosterPage> roster = List.of(new RosterPage("v1/x", "X", "s", "v1.x", List.of(bare, both, proven)));
		assertThat(unaccounted(roster)).containsExactly("v1.x.1: no test, no n/a and nothing pending",
				"v1.x.2: more than one of tests, n/a and pending");
	}

	@Test
	void anEntryOfAnotherPagesIdALevelOrRoleTheRosterDoesNotKnowOrATwiceUsedIdIsMalformed() {
		List<Requirement> entries = List.of(
				new Requirement("v1/x", "v1.y.1", "MUST", "agent", "r", List.of(), null, "t"),
				new Requirement("v1/x", "v1.x.1", "MAY", "agent", "r", List.of(), null, "t"),
				new Requirement("v1/x", "v1.x.2", "MUST", "editor", "r", List.of(), null, "t"),
				new Requirement("v1/x", "v1.x.2", "MUST", "agent", "", List.of(), null, "t"));
		assertThat(malformed(List.of(new RosterPage("v1/x", "X", "s", "v1.x", entries)))).containsExactly(
				"v1.y.1: id does not start with v1.x.", "v1.x.1: level MAY", "v1.x.2: role editor",
				"v1.x.2: id used twice", "v1.x.2: no rule");
	}

	@Test
	void aReferenceToAMissingFileMethodOrTitleOrToAMethodThatIsNoTestIsReported(@TempDir Path root) throws IOException {
		Path java = root.resolve("mod/src/test/java/a/b/FooTests.java");
		Files.createDirectories(java.getParent());
		Files.writeString(java, """
				package a.b;
				class FooTests {
					@Test
					@DisplayName("x")
					void barDoesBaz() {
						helper();
					}
					void helper() {
					}
					@ParameterizedTest
					@ValueSource(strings = { "a", "{\\"b\\":1}", "c;" })
					void eachDoes(String s) {
					}
				}
				""");
		Path node = root.resolve("interop/test/x.test.js");
		Files.createDirectories(node.getParent());
		Files.writeString(node, "describe(\"suite\", () => {\n  test(\"a 'quoted' title\", () => {});\n});\n");
		TestReferences references = new TestReferences(root);
		assertThat(references.problem("mod:a.b.FooTests#barDoesBaz")).isNull();
		assertThat(references.problem("mod:a.b.FooTests#eachDoes")).isNull();
		assertThat(references.problem("interop:test/x.test.js#\"a 'quoted' title\"")).isNull();
		assertThat(references.problem("mod:a.b.FooTests#helper")).startsWith("no test method helper");
		assertThat(references.problem("mod:a.b.FooTests#gone")).startsWith("no test method gone");
		assertThat(references.problem("mod:a.b.BarTests#barDoesBaz")).startsWith("no file");
		assertThat(references.problem("interop:test/x.test.js#\"suite\"")).startsWith("no test titled");
		assertThat(references.problem("interop:test/y.test.js#\"a 'quoted' title\"")).startsWith("no file");
		assertThat(references.problem("FooTests.barDoesBaz")).startsWith("is neither");
	}

	static List<String> malformed(List<RosterPage> roster) {
		List<String> problems = new ArrayList<>();
		Set<String> ids = new HashSet<>();
		for (RosterPage page : roster) {
			for (Requirement entry : page.requirements()) {
				if (entry.id() == null || !entry.id().startsWith(page.prefix() + ".")) {
					problems.add(entry.id() + ": id does not start with " + page.prefix() + ".");
				}
				if (!LEVELS.contains(entry.level())) {
					problems.add(entry.id() + ": level " + entry.level());
				}
				if (!ROLES.contains(entry.role())) {
					problems.add(entry.id() + ": role " + entry.role());
				}
				if (!ids.add(String.valueOf(entry.id()))) {
					problems.add(entry.id() + ": id used twice");
				}
				if (entry.rule() == null || entry.rule().isBlank()) {
					problems.add(entry.id() + ": no rule");
				}
			}
		}
		return problems;
	}

	static List<String> unaccounted(List<RosterPage> roster) {
		List<String> problems = new ArrayList<>();
		for (RosterPage page : roster) {
			for (Requirement entry : page.requirements()) {
				int kinds = (entry.proven() ? 1 : 0) + (entry.notApplicable() ? 1 : 0) + (entry.isPending() ? 1 : 0);
				if (kinds == 0) {
					problems.add(entry.id() + ": no test, no n/a and nothing pending");
				}
				else if (kinds > 1) {
					problems.add(entry.id() + ": more than one of tests, n/a and pending");
				}
			}
		}
		return problems;
	}

	static List<String> missingTests(List<RosterPage> roster, TestReferences references) throws IOException {
		List<String> problems = new ArrayList<>();
		for (RosterPage page : roster) {
			for (Requirement entry : page.requirements()) {
				for (String test : entry.tests()) {
					String problem = references.problem(test);
					if (problem != null) {
						problems.add(entry.id() + ": " + test + ": " + problem);
					}
				}
			}
		}
		return problems;
	}

}
