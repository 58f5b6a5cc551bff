package dev.acp.spring.method.support;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * The handler methods of the application, frozen once discovery has run after all
 * singletons exist.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpMethodRegistry {

	private volatile @Nullable Map<String, AcpHandlerMethod> handlers;

	/**
	 * The handler of a method name.
	 * @param name the wire name
	 * @return the handler, or {@code null}
	 */
	public @Nullable AcpHandlerMethod find(String name) {
		return frozen().get(name);
	}

	/**
	 * All handlers, in discovery order.
	 * @return an unmodifiable collection
	 */
	public Collection<AcpHandlerMethod> handlers() {
		return frozen().values();
	}

	/**
	 * Whether discovery has run.
	 * @return whether frozen
	 */
	public boolean isFrozen() {
		return this.handlers != null;
	}

	void freeze(List<AcpHandlerMethod> discovered) {
		if (this.handlers != null) {
			throw new IllegalStateException("The ACP method registry is frozen already");
		}
		Map<String, AcpHandlerMethod> byName = new LinkedHashMap<>();
		discovered.forEach((handler) -> byName.put(handler.name(), handler));
		this.handlers = Collections.unmodifiableMap(byName);
	}

	private Map<String, AcpHandlerMethod> frozen() {
		Map<String, AcpHandlerMethod> frozen = this.handlers;
		if (frozen == null) {
			throw new IllegalStateException("ACP handler methods are discovered after all singletons exist");
		}
		return frozen;
	}

}
