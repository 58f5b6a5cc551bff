package dev.acp.spring.protocol;

import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonValue;
import org.jspecify.annotations.Nullable;

/**
 * Base of forward-compatible string values: known constants plus any other value kept
 * verbatim. Values an implementation defines itself must start with {@code _}.
 *
 * @author ACP Spring Boot Starter contributors
 */
public abstract class OpenValue {

	private final String value;

	private final boolean known;

	protected OpenValue(String value, boolean known) {
		this.value = Objects.requireNonNull(value, "value");
		this.known = known;
	}

	/**
	 * Check that a custom value lies in the extension namespace.
	 * @param value the value
	 * @return the value
	 * @throws IllegalArgumentException if it does not start with {@code _}
	 */
	protected static String requireCustom(String value) {
		if (value == null || !value.startsWith("_")) {
			throw new IllegalArgumentException("Custom values must start with '_': " + value);
		}
		return value;
	}

	/**
	 * The value as written on the wire.
	 * @return the value
	 */
	@JsonValue
	public String value() {
		return this.value;
	}

	/**
	 * Whether this is a value this version of the protocol defines.
	 * @return whether known
	 */
	public boolean isKnown() {
		return this.known;
	}

	@Override
	public boolean equals(@Nullable Object other) {
		return other != null && other.getClass() == getClass() && this.value.equals(((OpenValue) other).value);
	}

	@Override
	public int hashCode() {
		return this.value.hashCode();
	}

	@Override
	public String toString() {
		return this.value;
	}

}
