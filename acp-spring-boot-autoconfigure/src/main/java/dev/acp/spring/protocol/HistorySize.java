package dev.acp.spring.protocol;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import java.util.Map;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * An estimate of the memory a recorded update holds, without serializing it: the UTF-8
 * length of every string it holds (text, data, ids, {@code _meta}, unknown fields, JSON
 * trees), walked through its record components, maps, collections and trees, plus
 * {@value #ENTRY} bytes per entry and {@value #VALUE} per other value.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class HistorySize {

	/**
	 * Bytes counted for each entry besides its strings: its objects and their headers.
	 */
	public static final long ENTRY = 256;

	/**
	 * Bytes counted for each value that is not a string: a number, a flag, a reference.
	 */
	public static final long VALUE = 16;

	private static final int MAX_DEPTH = 64;

	private static final MethodType ACCESSOR = MethodType.methodType(Object.class, Object.class);

	/**
	 * The accessors of each record type, looked up once: a record's components read
	 * without per-update reflection.
	 */
	private static final ClassValue<MethodHandle[]> ACCESSORS = new ClassValue<>() {

		@Override
		protected MethodHandle[] computeValue(Class<?> type) {
			RecordComponent[] components = type.getRecordComponents();
			MethodHandle[] accessors = new MethodHandle[components.length];
			for (int i = 0; i < components.length; i++) {
				try {
					Method accessor = components[i].getAccessor();
					accessor.setAccessible(true);
					accessors[i] = MethodHandles.lookup().unreflect(accessor).asType(ACCESSOR);
				}
				catch (IllegalAccessException | RuntimeException ex) {
					accessors[i] = null;
				}
			}
			return accessors;
		}

	};

	private HistorySize() {
	}

	/**
	 * The estimated size of an update.
	 * @param update the update
	 * @return its size in bytes, at least {@link #ENTRY}
	 */
	public static long of(SessionUpdate update) {
		return ENTRY + value(update, 0);
	}

	private static long value(Object value, int depth) {
		if (value instanceof String text) {
			return utf8Length(text);
		}
		if (depth > MAX_DEPTH) {
			return VALUE;
		}
		if (value instanceof JsonNode node) {
			return node(node, depth);
		}
		if (value instanceof Map<?, ?> map) {
			long size = VALUE;
			for (Map.Entry<?, ?> entry : map.entrySet()) {
				size += nullable(entry.getKey(), depth + 1) + nullable(entry.getValue(), depth + 1);
			}
			return size;
		}
		if (value instanceof Collection<?> collection) {
			long size = VALUE;
			for (Object element : collection) {
				size += nullable(element, depth + 1);
			}
			return size;
		}
		if (value instanceof Record) {
			return record(value, depth);
		}
		return VALUE;
	}

	private static long nullable(@Nullable Object value, int depth) {
		return (value != null) ? value(value, depth) : VALUE;
	}

	private static long record(Object value, int depth) {
		long size = VALUE;
		for (MethodHandle accessor : ACCESSORS.get(value.getClass())) {
			size += (accessor != null) ? component(accessor, value, depth) : VALUE;
		}
		return size;
	}

	private static long component(MethodHandle accessor, Object value, int depth) {
		try {
			return nullable((Object) accessor.invokeExact(value), depth + 1);
		}
		catch (Error ex) {
			throw ex;
		}
		catch (Throwable ex) {
			return VALUE;
		}
	}

	private static long node(JsonNode node, int depth) {
		if (node.isString()) {
			return utf8Length(node.stringValue());
		}
		long size = VALUE;
		if (depth > MAX_DEPTH) {
			return size;
		}
		if (node.isObject()) {
			for (Map.Entry<String, JsonNode> property : node.properties()) {
				size += utf8Length(property.getKey()) + node(property.getValue(), depth + 1);
			}
		}
		else if (node.isArray()) {
			for (JsonNode element : node) {
				size += node(element, depth + 1);
			}
		}
		return size;
	}

	/**
	 * The length of a string in UTF-8, counted without encoding it.
	 * @param text the string
	 * @return its length in bytes
	 */
	public static long utf8Length(String text) {
		long length = 0;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c < 0x80) {
				length++;
			}
			else if (c < 0x800 || Character.isSurrogate(c)) {
				length += 2;
			}
			else {
				length += 3;
			}
		}
		return length;
	}

}
