package dev.acp.spring.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Holds the documentation ({@code README.md} and {@code docs/*.md}) to code that
 * compiles: every {@code java} block is marked with the source files it is copied from
 * ({@code <!-- snippet: path ... -->} on the line before, paths from the repository root,
 * in the test or main sources of a module of the build), starts with its imports, each an
 * import of those files, and the code after them appears in each of them, whitespace
 * aside. Every link to a page of {@code docs/} leads to a file, and every page has a
 * title and a link from the README.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DocsSnippetsTests {

	private static final Path ROOT = Path.of("..");

	/** Pages linked before they are merged in, written on another branch. */
	private static final Set<String> PAGES_TO_COME = Set.of("docs/startup.md");

	private static final Pattern MARKER = Pattern.compile("^<!-- snippet: (.+) -->$");

	private static final Pattern LINK = Pattern.compile("\\]\\(([^)#\\s]+\\.md)(#[^)]*)?\\)");

	private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

	private static final Pattern IMPORT = Pattern.compile("^import (static )?[\\w.]+(\\.\\*)?;$");

	@Test
	void everyJavaSnippetAppearsInTheCompiledSourcesItNames() throws IOException {
		List<String> problems = new ArrayList<>();
		int snippets = 0;
		for (Path page : pages()) {
			for (Snippet snippet : snippets(page)) {
				snippets++;
				problems.addAll(check(snippet));
			}
		}
		assertThat(snippets).as("java snippets found").isPositive();
		assertThat(problems).isEmpty();
	}

	@Test
	void everyLinkToAPageLeadsToAFile() throws IOException {
		List<String> broken = new ArrayList<>();
		for (Path page : pages()) {
			Matcher links = LINK.matcher(Files.readString(page));
			while (links.find()) {
				String target = links.group(1);
				if (target.startsWith("http:") || target.startsWith("https:")) {
					continue;
				}
				Path file = page.getParent().resolve(target).normalize();
				String fromRoot = ROOT.relativize(file).toString().replace('\\', '/');
				if (!Files.isRegularFile(file) && !PAGES_TO_COME.contains(fromRoot)) {
					broken.add(ROOT.relativize(page) + ": " + target);
				}
			}
		}
		assertThat(broken).as("links to missing pages").isEmpty();
	}

	@Test
	void everyPageOfTheDocsHasATitleAndALinkFromTheReadme() throws IOException {
		String readme = Files.readString(ROOT.resolve("README.md"));
		Set<String> unlinked = new TreeSet<>();
		Set<String> untitled = new TreeSet<>();
		for (Path page : pages().subList(1, pages().size())) {
			String name = "docs/" + page.getFileName();
			if (!readme.contains("](" + name + ")")) {
				unlinked.add(name);
			}
			if (!Files.readString(page).startsWith("# ")) {
				untitled.add(name);
			}
		}
		assertThat(unlinked).as("pages of docs/ without a link in README's table of contents").isEmpty();
		assertThat(untitled).as("pages of docs/ that do not start with a \"# \" title").isEmpty();
	}

	@Test
	void aSnippetsImportsAreImportsOfItsSourceAndItsCodeFollowsThem() {
		String source = "package p;\n\nimport a.A;\nimport b.B;\n\nclass C {\n\tA a;\n}\n";
		assertThat(check(new Snippet("page", "import b.B;", "import b.B;\n\nA a;\n", List.of()), source)).isEmpty();
		assertThat(check(new Snippet("page", "import c.C;", "import c.C;\n\nA a;\n", List.of()), source))
			.containsExactly(": import c.C; is not an import of it");
		assertThat(check(new Snippet("page", "A a;", "A a;\n", List.of()), source))
			.containsExactly(": shows no import line");
	}

	@Test
	void whitespaceAsideASnippetMatchesItsSource() {
		String source = "class A {\n\n\tvoid a() {\n\t\tb()\n\t\t\t.c();\n\t}\n\n}\n";
		assertThat(normalize(source)).contains(normalize("class A {\n    void a() {\n        b().c();\n    }\n}"));
		assertThat(normalize(source)).doesNotContain(normalize("class A {\n    void a() {\n        b();\n"));
	}

	private static List<String> check(Snippet snippet) {
		String where = snippet.page() + ", the java block starting \"" + snippet.firstLine() + "\"";
		if (snippet.sources().isEmpty()) {
			return List.of(where + ": no <!-- snippet: path --> line before it");
		}
		List<String> problems = new ArrayList<>();
		for (String source : snippet.sources()) {
			Path file = ROOT.resolve(source).normalize();
			if (!isCompiledSource(source)) {
				problems.add(where + ": " + source + " is not a Java source of a module of the build");
			}
			else if (!Files.isRegularFile(file)) {
				problems.add(where + ": " + source + " does not exist");
			}
			else {
				check(snippet, read(file)).forEach((problem) -> problems.add(where + " in " + source + problem));
			}
		}
		return problems;
	}

	private static List<String> check(Snippet snippet, String source) {
		List<String> problems = new ArrayList<>();
		List<String> imports = source.lines()
			.map(String::strip)
			.filter((line) -> IMPORT.matcher(line).matches())
			.toList();
		List<String> lines = snippet.code().lines().toList();
		int first = 0;
		while (first < lines.size()
				&& (lines.get(first).isBlank() || IMPORT.matcher(lines.get(first).strip()).matches())) {
			String line = lines.get(first).strip();
			if (!line.isEmpty() && !imports.contains(line)) {
				problems.add(": " + line + " is not an import of it");
			}
			first++;
		}
		if (lines.subList(0, first).stream().allMatch(String::isBlank)) {
			problems.add(": shows no import line");
		}
		String code = String.join("\n", lines.subList(first, lines.size()));
		if (!normalize(source).contains(normalize(code))) {
			problems.add(": not found");
		}
		return problems;
	}

	private static boolean isCompiledSource(String source) {
		int slash = source.indexOf('/');
		if (slash == -1 || !source.endsWith(".java")) {
			return false;
		}
		String rest = source.substring(slash);
		return modules().contains(source.substring(0, slash))
				&& (rest.startsWith("/src/test/java/") || rest.startsWith("/src/main/java/"));
	}

	private static Set<String> modules() {
		Set<String> modules = new TreeSet<>();
		Matcher matcher = MODULE.matcher(read(ROOT.resolve("pom.xml")));
		while (matcher.find()) {
			modules.add(matcher.group(1).trim());
		}
		return modules;
	}

	private static List<Snippet> snippets(Path page) throws IOException {
		List<String> lines = Files.readAllLines(page);
		List<Snippet> snippets = new ArrayList<>();
		for (int i = 0; i < lines.size(); i++) {
			if (!lines.get(i).strip().equals("```java")) {
				continue;
			}
			List<String> sources = new ArrayList<>();
			Matcher marker = (i > 0) ? MARKER.matcher(lines.get(i - 1).strip()) : null;
			if (marker != null && marker.matches()) {
				sources.addAll(List.of(marker.group(1).trim().split("\\s+")));
			}
			StringBuilder code = new StringBuilder();
			int end = i + 1;
			while (end < lines.size() && !lines.get(end).strip().equals("```")) {
				code.append(lines.get(end)).append('\n');
				end++;
			}
			String firstLine = (i + 1 < end) ? lines.get(i + 1).strip() : "";
			snippets.add(new Snippet(ROOT.relativize(page).toString(), firstLine, code.toString(), sources));
			i = end;
		}
		return snippets;
	}

	private static List<Path> pages() throws IOException {
		List<Path> pages = new ArrayList<>();
		pages.add(ROOT.resolve("README.md"));
		try (Stream<Path> files = Files.list(ROOT.resolve("docs"))) {
			files.filter((file) -> file.toString().endsWith(".md")).sorted().forEach(pages::add);
		}
		return pages;
	}

	private static String normalize(String code) {
		return code.replaceAll("\\s+", "");
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private record Snippet(String page, String firstLine, String code, List<String> sources) {
	}

}
