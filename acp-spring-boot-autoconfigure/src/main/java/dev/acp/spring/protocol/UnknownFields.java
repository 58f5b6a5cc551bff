package dev.acp.spring.protocol;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The fields of a received object that this version of the protocol does not know, kept
 * so that storing or forwarding the object loses nothing. Shared by the v1 and v2 types.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class UnknownFields {

	private UnknownFields() {
	}

	/**
	 * An unmodifiable copy of the unknown fields of a received object.
	 * @param fields the fields, or {@code null} for none
	 * @return the fields, empty when none
	 */
	public static Map<String, Object> of(@Nullable Map<String, Object> fields) {
		return (fields == null || fields.isEmpty()) ? Map.of()
				: Collections.unmodifiableMap(new LinkedHashMap<>(fields));
	}

}
