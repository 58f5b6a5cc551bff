package dev.acp.spring.spec;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * Reads the roster of the spec's requirements: one YAML file per page under a directory,
 * read in the order of their paths. A key the roster does not know, or a value of the
 * wrong kind, fails the reading naming the file.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class SpecRoster {

	private static final Set<String> PAGE_KEYS = Set.of("title", "source", "prefix", "requirements");

	private static final Set<String> ENTRY_KEYS = Set.of("id", "level", "role", "rule", "tests", "na", "pending");

	private SpecRoster() {
	}

	static List<RosterPage> read(Path directory) throws IOException {
		List<Path> files;
		try (Stream<Path> walk = Files.walk(directory)) {
			files = walk.filter((file) -> file.toString().endsWith(".yaml")).sorted().toList();
		}
		List<RosterPage> pages = new ArrayList<>();
		for (Path file : files) {
			String name = directory.relativize(file).toString().replace('\\', '/').replaceAll("\\.yaml$", "");
			pages.add(page(name, file));
		}
		return pages;
	}

	private static RosterPage page(String name, Path file) throws IOException {
		LoaderOptions options = new LoaderOptions();
		options.setAllowDuplicateKeys(false);
		Map<?, ?> page;
		try (Reader reader = Files.newBufferedReader(file)) {
			page = (Map<?, ?>) new Yaml(new SafeConstructor(options)).load(reader);
		}
		unknownKeys(name, page, PAGE_KEYS);
		List<Requirement> requirements = new ArrayList<>();
		for (Object entry : (List<?>) page.get("requirements")) {
			Map<?, ?> map = (Map<?, ?>) entry;
			unknownKeys(name + " " + map.get("id"), map, ENTRY_KEYS);
			List<String> tests = new ArrayList<>();
			if (map.get("tests") != null) {
				for (Object test : (List<?>) map.get("tests")) {
					tests.add(String.valueOf(test));
				}
			}
			requirements.add(new Requirement(name, text(map, "id"), text(map, "level"), text(map, "role"),
					text(map, "rule"), List.copyOf(tests), text(map, "na"), text(map, "pending")));
		}
		return new RosterPage(name, text(page, "title"), text(page, "source"), text(page, "prefix"),
				List.copyOf(requirements));
	}

	private static void unknownKeys(String where, Map<?, ?> map, Set<String> known) {
		for (Object key : map.keySet()) {
			if (!known.contains(String.valueOf(key))) {
				throw new IllegalStateException(where + ": unknown key " + key);
			}
		}
	}

	private static String text(Map<?, ?> map, String key) {
		Object value = map.get(key);
		return (value != null) ? String.valueOf(value).strip() : null;
	}

}
