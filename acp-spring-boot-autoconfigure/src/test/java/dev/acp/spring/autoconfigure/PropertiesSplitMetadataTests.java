package dev.acp.spring.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Holds the generated configuration metadata of the {@code acp.*} properties (name, type,
 * default value, description) to the copy taken before {@code AcpProperties} was split
 * into one properties class per feature: moving a group to its own class changes no
 * property a user sets.
 *
 * @author ACP Spring Boot Starter contributors
 */
class PropertiesSplitMetadataTests {

	private static final String METADATA = "META-INF/spring-configuration-metadata.json";

	private static final String BEFORE = "metadata/acp-properties-before-split.json";

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	/**
	 * The classes a nested type is declared in: a group's own types (such as the element
	 * type of {@code acp.auth.methods}) move with the group, and what a user writes does
	 * not change.
	 */
	private static final Pattern DECLARING_CLASSES = Pattern
		.compile("dev\\.acp\\.spring\\.autoconfigure\\.(?:\\w+\\$)+");

	@Test
	void splittingAcpPropertiesKeepsEveryPropertyNameTypeDefaultAndDescription() throws IOException {
		Map<String, JsonNode> generated = new TreeMap<>();
		for (URL resource : Collections.list(getClass().getClassLoader().getResources(METADATA))) {
			try (InputStream in = resource.openStream()) {
				generated.putAll(acpProperties(MAPPER.readTree(in)));
			}
		}
		Map<String, JsonNode> before;
		try (InputStream in = getClass().getClassLoader().getResourceAsStream(BEFORE)) {
			assertThat(in).as(BEFORE).isNotNull();
			before = acpProperties(MAPPER.readTree(in));
		}
		assertThat(before).isNotEmpty();
		assertThat(generated).isEqualTo(before);
	}

	/** The {@code acp.*} properties by name, each reduced to what a user sees. */
	private static Map<String, JsonNode> acpProperties(JsonNode metadata) {
		Map<String, JsonNode> properties = new TreeMap<>();
		for (JsonNode property : metadata.path("properties")) {
			String name = property.path("name").asString();
			if (name.startsWith("acp.")) {
				ObjectNode seen = MAPPER.createObjectNode();
				for (String field : new String[] { "name", "defaultValue", "description" }) {
					if (property.has(field)) {
						seen.set(field, property.get(field));
					}
				}
				if (property.has("type")) {
					seen.put("type", DECLARING_CLASSES.matcher(property.get("type").asString()).replaceAll(""));
				}
				properties.put(name, seen);
			}
		}
		return properties;
	}

}
