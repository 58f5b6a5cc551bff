package dev.acp.spring.spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the test a roster entry names, from the repository's root:
 * {@code module:fully.qualified.Class#method} is a method of
 * {@code module/src/test/java/fully/qualified/Class.java} annotated as a JUnit test, and
 * {@code interop:test/file.test.js#"title"} a Node test of that exact title in
 * {@code interop/test/file.test.js}.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class TestReferences {

	private static final Pattern JAVA = Pattern.compile("([\\w./-]+):([\\w.$]+)#(\\w+)");

	private static final Pattern NODE = Pattern.compile("interop:(test/[\\w.-]+\\.m?js)#\"(.+)\"");

	private static final String TEST_ANNOTATION = "@(?:Test|ParameterizedTest|RepeatedTest|TestFactory|FuzzTest)\\b";

	/** A Java string literal, braces and semicolons inside it included. */
	private static final String STRING = "\"(?:[^\"\\\\]|\\\\.)*\"";

	private final Path root;

	private final Map<Path, String> sources = new HashMap<>();

	TestReferences(Path root) {
		this.root = root;
	}

	/**
	 * Says what is wrong with a reference.
	 * @param reference the reference as the roster writes it
	 * @return why it names no test, or {@code null} when it names one
	 */
	String problem(String reference) throws IOException {
		Matcher node = NODE.matcher(reference);
		if (node.matches()) {
			return nodeProblem(this.root.resolve("interop").resolve(node.group(1)), node.group(2));
		}
		Matcher java = JAVA.matcher(reference);
		if (java.matches()) {
			Path file = this.root.resolve(java.group(1))
				.resolve("src/test/java")
				.resolve(java.group(2).replace('.', '/') + ".java");
			return javaProblem(file, java.group(3));
		}
		return "is neither module:Class#method nor interop:test/file.test.js#\"title\"";
	}

	private String javaProblem(Path file, String method) throws IOException {
		String source = source(file);
		if (source == null) {
			return "no file " + this.root.relativize(file);
		}
		Pattern declaration = Pattern.compile(TEST_ANNOTATION + "(?:" + STRING + "|\\{(?:" + STRING
				+ "|[^{};\"])*\\}|[^;{}\"])*?\\bvoid\\s+" + Pattern.quote(method) + "\\s*\\(");
		return declaration.matcher(source).find() ? null
				: "no test method " + method + " in " + this.root.relativize(file);
	}

	private String nodeProblem(Path file, String title) throws IOException {
		String source = source(file);
		if (source == null) {
			return "no file " + this.root.relativize(file);
		}
		for (String quote : new String[] { "\"", "'", "`" }) {
			String escaped = title.replace(quote, "\\" + quote);
			Pattern call = Pattern.compile("\\b(?:test|it)\\(\\s*" + Pattern.quote(quote + escaped + quote));
			if (call.matcher(source).find()) {
				return null;
			}
		}
		return "no test titled \"" + title + "\" in " + this.root.relativize(file);
	}

	private String source(Path file) throws IOException {
		if (!Files.isRegularFile(file)) {
			return null;
		}
		String source = this.sources.get(file);
		if (source == null) {
			source = Files.readString(file);
			this.sources.put(file, source);
		}
		return source;
	}

}
