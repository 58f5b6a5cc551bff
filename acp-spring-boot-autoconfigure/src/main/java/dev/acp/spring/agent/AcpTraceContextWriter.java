package dev.acp.spring.agent;

import java.util.Map;

/**
 * Writes the trace context current on the calling thread (W3C {@code traceparent},
 * {@code tracestate}, {@code baggage}) into a carrier, without starting an observation.
 * The notifications a handler sends ({@code session/update} above all) carry the context
 * of the call being served this way: a streamed update is one message of that call, not
 * an operation of its own. Auto-configured from Micrometer Tracing's {@code Tracer} and
 * {@code Propagator} when they are beans.
 *
 * @author ACP Spring Boot Starter contributors
 */
@FunctionalInterface
public interface AcpTraceContextWriter {

	/** Writes nothing. */
	AcpTraceContextWriter NONE = (carrier) -> {
	};

	/**
	 * Write the current trace context, if there is one.
	 * @param carrier the keys and values to add to an outbound message's {@code _meta}
	 */
	void writeCurrent(Map<String, String> carrier);

}
