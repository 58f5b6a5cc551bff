package dev.acp.spring.autoconfigure;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Holds the configuration metadata the build generates (what IDEs complete) and the
 * configuration table of {@code docs/configuration.md} to the same set of {@code acp.*}
 * properties, each with a description.
 *
 * @author ACP Spring Boot Starter contributors
 */
class ConfigurationMetadataTests {

	private static final String METADATA = "META-INF/spring-configuration-metadata.json";

	private static final Path README = Path.of("../docs/configuration.md");

	private static final Pattern CODE = Pattern.compile("`([^`]+)`");

	/** Description of each {@code acp.*} property in the metadata, by name. */
	private static Map<String, String> metadata;

	/** The {@code acp.*} properties the configuration table of the docs names. */
	private static Set<String> readme;

	@BeforeAll
	static void read() throws IOException {
		metadata = metadataProperties();
		readme = readmeProperties(Files.readAllLines(README));
	}

	@Test
	void metadataIsGeneratedFromAcpProperties() {
		assertThat(metadata).containsKeys("acp.transport", "acp.websocket.max-message-size", "acp.enabled");
	}

	@Test
	void everyPropertyOfTheReadmeIsInTheMetadata() {
		assertThat(readme).isNotEmpty();
		assertThat(metadata.keySet()).as("properties in the configuration table of %s but not in %s", README, METADATA)
			.containsAll(readme);
	}

	@Test
	void everyPropertyOfTheMetadataIsInTheReadme() {
		assertThat(readme).as("properties in %s but not in the configuration table of %s", METADATA, README)
			.containsAll(metadata.keySet());
	}

	@Test
	void everyPropertyOfTheMetadataHasADescription() {
		assertThat(metadata)
			.as("properties without a description (field Javadoc of the @ConfigurationProperties "
					+ "class, or additional-spring-configuration-metadata.json)")
			.allSatisfy((name, description) -> assertThat(description).as(name).isNotBlank());
	}

	@Test
	void readmeRowsNameSiblingsAndIndexedPropertiesByTheirBinding() {
		List<String> table = List.of("# Configuration", "", "| property | default | meaning |", "|---|---|---|",
				"| `acp.agent.name` / `version` | | |", "| `acp.auth.methods[i].id` / `name` | | |",
				"| `acp.stdio.drain-timeout` / `acp.websocket.drain-timeout` | `10s` | |",
				"| `management.health.acp.enabled` | `true` | |", "", "| `acp.not.in.the.table` | | |");
		assertThat(readmeProperties(table)).containsExactlyInAnyOrder("acp.agent.name", "acp.agent.version",
				"acp.auth.methods", "acp.stdio.drain-timeout", "acp.websocket.drain-timeout");
	}

	private static Map<String, String> metadataProperties() throws IOException {
		JsonMapper mapper = JsonMapper.builder().build();
		Map<String, String> properties = new TreeMap<>();
		Enumeration<URL> resources = ConfigurationMetadataTests.class.getClassLoader().getResources(METADATA);
		for (URL resource : Collections.list(resources)) {
			try (InputStream in = resource.openStream()) {
				for (JsonNode property : mapper.readTree(in).path("properties")) {
					String name = property.path("name").asString();
					if (name.startsWith("acp.")) {
						properties.put(name, property.path("description").asString(""));
					}
				}
			}
		}
		return properties;
	}

	/**
	 * The {@code acp.*} properties of the first table after the "# Configuration"
	 * heading. A cell names a property in full ({@code `acp.agent.name`}), then maybe its
	 * siblings ({@code / `version`}); an indexed name ({@code `acp.auth.methods[i].id`})
	 * stands for the list or map property it binds into ({@code acp.auth.methods}).
	 */
	private static Set<String> readmeProperties(List<String> lines) {
		int heading = lines.indexOf("# Configuration");
		assertThat(heading).as("the \"# Configuration\" heading of %s", README).isNotNegative();
		List<String> rows = new ArrayList<>();
		for (String line : lines.subList(heading + 1, lines.size())) {
			if (line.startsWith("|")) {
				rows.add(line);
			}
			else if (!rows.isEmpty()) {
				break;
			}
		}
		Set<String> properties = new TreeSet<>();
		for (String row : rows) {
			String firstCell = row.split("\\|")[1];
			Matcher names = CODE.matcher(firstCell);
			String parent = null;
			while (names.find()) {
				String name = names.group(1);
				if (name.startsWith("acp.")) {
					parent = name.substring(0, name.lastIndexOf('.') + 1);
				}
				else if (parent == null || name.contains(" ")) {
					break;
				}
				else {
					name = parent + name;
				}
				int index = name.indexOf('[');
				properties.add((index != -1) ? name.substring(0, index) : name);
			}
		}
		return properties;
	}

}
