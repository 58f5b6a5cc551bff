package dev.acp.spring.agent.support;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link V2Diffs}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class V2DiffsTests {

	private final JsonMapper mapper = JsonMapper.builder().build();

	@Test
	void aV1DiffBecomesAModifyChangeWithAGitPatchReplacingTheWholeFile() {
		JsonNode content = this.mapper
			.readTree("[{\"type\":\"diff\",\"path\":\"/src/A.java\",\"oldText\":\"a\\nb\\n\",\"newText\":\"a\\nc\"}]");
		V2Diffs.toV2(content);
		JsonNode diff = content.get(0);
		assertThat(diff.get("changes").toString())
			.isEqualTo("[{\"operation\":\"modify\",\"path\":\"/src/A.java\",\"fileType\":\"text\"}]");
		assertThat(diff.at("/patch/format").asString()).isEqualTo("git_patch");
		assertThat(diff.at("/patch/text").asString()).isEqualTo("diff --git /src/A.java /src/A.java\n"
				+ "--- /src/A.java\n+++ /src/A.java\n@@ -1,2 +1,2 @@\n-a\n-b\n+a\n+c\n\\ No newline at end of file\n");
		assertThat(diff.has("oldText")).isFalse();
		assertThat(diff.has("newText")).isFalse();
		assertThat(diff.has("path")).isFalse();
	}

	@Test
	void aV1DiffWithoutOldTextBecomesAnAddedFile() {
		JsonNode content = this.mapper
			.readTree("[{\"type\":\"content\",\"content\":{\"type\":\"text\",\"text\":\"x\"}},"
					+ "{\"type\":\"diff\",\"path\":\"/src/B.java\",\"newText\":\"b\\n\"}]");
		V2Diffs.toV2(content);
		assertThat(content.get(0).toString())
			.isEqualTo("{\"type\":\"content\",\"content\":{\"type\":\"text\",\"text\":\"x\"}}");
		assertThat(content.at("/1/changes/0/operation").asString()).isEqualTo("add");
		assertThat(content.at("/1/patch/text").asString()).isEqualTo("diff --git /src/B.java /src/B.java\n"
				+ "new file mode 100644\n--- /dev/null\n+++ /src/B.java\n@@ -0,0 +1,1 @@\n+b\n");
	}

}
