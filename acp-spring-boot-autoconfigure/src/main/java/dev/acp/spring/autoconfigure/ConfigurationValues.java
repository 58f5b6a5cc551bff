package dev.acp.spring.autoconfigure;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns values bound into {@code Map<String, Object>} back into JSON shapes: a map whose
 * keys are {@code 0..n-1} (how a YAML list binds into an untyped map) becomes a list.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ConfigurationValues {

	private ConfigurationValues() {
	}

	static Map<String, Object> normalize(Map<String, Object> values) {
		Map<String, Object> normalized = new LinkedHashMap<>();
		if (values != null) {
			values.forEach((key, value) -> normalized.put(key, normalizeValue(value)));
		}
		return normalized;
	}

	@SuppressWarnings("unchecked")
	private static Object normalizeValue(Object value) {
		if (value instanceof Map<?, ?> map) {
			Map<String, Object> nested = normalize((Map<String, Object>) map);
			return isIndexed(nested) ? new ArrayList<>(nested.values()) : nested;
		}
		if (value instanceof List<?> list) {
			return list.stream().map(ConfigurationValues::normalizeValue).toList();
		}
		return value;
	}

	private static boolean isIndexed(Map<String, Object> map) {
		if (map.isEmpty()) {
			return false;
		}
		int index = 0;
		for (String key : map.keySet()) {
			if (!key.equals(Integer.toString(index++))) {
				return false;
			}
		}
		return true;
	}

}
