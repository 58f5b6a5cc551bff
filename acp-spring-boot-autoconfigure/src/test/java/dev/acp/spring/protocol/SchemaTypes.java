package dev.acp.spring.protocol;

import java.io.File;
import java.net.URL;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.fail;

/**
 * The classes of a protocol package by the {@code $def} they type: a top-level class of
 * the same simple name, a nested one when it is the only one, or the classes mapped.
 */
public final class SchemaTypes {

	private final Map<String, List<Class<?>>> bySimpleName = new LinkedHashMap<>();

	private final Map<String, List<Class<?>>> mapped;

	/**
	 * The classes of the package of {@code anchor}.
	 * @param anchor a class of the package
	 * @param mapped {@code $defs} whose class has another simple name
	 */
	public SchemaTypes(Class<?> anchor, Map<String, List<Class<?>>> mapped) {
		this.mapped = mapped;
		try {
			URL url = anchor.getResource(anchor.getSimpleName() + ".class");
			File directory = new File(url.toURI()).getParentFile();
			for (String file : new TreeSet<>(List.of(directory.list((dir, name) -> name.endsWith(".class"))))) {
				Class<?> type = Class
					.forName(anchor.getPackageName() + "." + file.substring(0, file.length() - ".class".length()));
				if (!type.isAnonymousClass()) {
					this.bySimpleName.computeIfAbsent(type.getSimpleName(), (key) -> new ArrayList<>()).add(type);
				}
			}
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * The classes that type a {@code $def}; the first is the one bound.
	 * @param def the {@code $def}
	 * @return its classes, empty when none
	 */
	public List<Class<?>> of(String def) {
		if (this.mapped.containsKey(def)) {
			return this.mapped.get(def);
		}
		List<Class<?>> candidates = this.bySimpleName.getOrDefault(def, List.of());
		List<Class<?>> topLevel = candidates.stream().filter((type) -> type.getEnclosingClass() == null).toList();
		if (!topLevel.isEmpty()) {
			return topLevel;
		}
		if (candidates.size() > 1) {
			fail("$def %s matches several nested classes %s: add it to MAPPED", def, candidates);
		}
		return candidates;
	}

}
