package dev.acp.spring.actuate;

import org.jspecify.annotations.Nullable;

/**
 * The W3C {@code traceparent} of the unsampled trace context that a sampler made current
 * for the call served on this thread, while that context is still the current one (no
 * span, scope or baggage of the handler's above it).
 *
 * @author ACP Spring Boot Starter contributors
 */
@FunctionalInterface
interface UnsampledTraceparent {

	/**
	 * The current unsampled call's {@code traceparent}.
	 * @return the value, or {@code null} when another context is current or none
	 */
	@Nullable String current();

}
