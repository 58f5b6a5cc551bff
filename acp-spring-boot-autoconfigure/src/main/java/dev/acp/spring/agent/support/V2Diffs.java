package dev.acp.spring.agent.support;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * v1's diff tool call content ({@code path}, {@code oldText}, {@code newText}) in v2's
 * shape: the change ({@code add} without an old text, else {@code modify}) and, so that
 * nothing is lost, a {@code git_patch} replacing the whole file (every old line removed,
 * every new line added).
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class V2Diffs {

	private static final String NO_NEWLINE = "\\ No newline at end of file\n";

	private V2Diffs() {
	}

	/**
	 * Translate the diffs of a tool call's {@code content} in place.
	 * @param content the content, as v1 writes it
	 */
	static void toV2(@Nullable JsonNode content) {
		if (!(content instanceof ArrayNode items)) {
			return;
		}
		for (JsonNode item : items) {
			if (item instanceof ObjectNode diff && "diff".equals(diff.path("type").asString(null))
					&& diff.path("path").isString() && diff.path("newText").isString()) {
				toV2(diff);
			}
		}
	}

	private static void toV2(ObjectNode diff) {
		String path = diff.remove("path").stringValue();
		JsonNode old = diff.remove("oldText");
		String oldText = (old != null && old.isString()) ? old.stringValue() : null;
		String newText = diff.remove("newText").stringValue();
		ObjectNode change = diff.putArray("changes").addObject();
		change.put("operation", (oldText != null) ? "modify" : "add");
		change.put("path", path);
		change.put("fileType", "text");
		ObjectNode patch = diff.putObject("patch");
		patch.put("format", "git_patch");
		patch.put("text", patch(path, oldText, newText));
	}

	static String patch(String path, @Nullable String oldText, String newText) {
		List<String> removed = lines(oldText);
		List<String> added = lines(newText);
		StringBuilder patch = new StringBuilder();
		patch.append("diff --git ").append(path).append(' ').append(path).append('\n');
		if (oldText == null) {
			patch.append("new file mode 100644\n");
		}
		patch.append("--- ").append((oldText != null) ? path : "/dev/null").append('\n');
		patch.append("+++ ").append(path).append('\n');
		patch.append("@@ -").append(range(removed.size())).append(" +").append(range(added.size())).append(" @@\n");
		append(patch, '-', removed, oldText);
		append(patch, '+', added, newText);
		return patch.toString();
	}

	private static List<String> lines(@Nullable String text) {
		List<String> lines = new ArrayList<>();
		if (text == null || text.isEmpty()) {
			return lines;
		}
		int start = 0;
		for (int i = 0; i < text.length(); i++) {
			if (text.charAt(i) == '\n') {
				lines.add(text.substring(start, i));
				start = i + 1;
			}
		}
		if (start < text.length()) {
			lines.add(text.substring(start));
		}
		return lines;
	}

	private static String range(int count) {
		return (count == 0) ? "0,0" : "1," + count;
	}

	private static void append(StringBuilder patch, char sign, List<String> lines, @Nullable String text) {
		for (String line : lines) {
			patch.append(sign).append(line).append('\n');
		}
		if (text != null && !text.isEmpty() && !text.endsWith("\n")) {
			patch.append(NO_NEWLINE);
		}
	}

}
