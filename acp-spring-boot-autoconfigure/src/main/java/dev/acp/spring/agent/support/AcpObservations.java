package dev.acp.spring.agent.support;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.transport.ReceiverContext;
import io.micrometer.observation.transport.SenderContext;

import dev.acp.spring.agent.AcpTraceContextWriter;
import dev.acp.spring.agent.AcpTraceSampler;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.method.AcpClientException;
import dev.acp.spring.protocol.AcpErrorCodes;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * Micrometer observations of the calls an agent serves ({@code acp.server.requests}) and
 * the requests it makes ({@code acp.client.requests}), with low-cardinality tags (method,
 * kind, outcome, error code, transport): whatever the peer sends, a method the agent does
 * not serve is tagged {@value #UNKNOWN_METHOD} and an error code that neither JSON-RPC
 * nor ACP defines {@value #OTHER_ERROR_CODE}. The W3C trace context of an inbound
 * message's {@code _meta} ({@code traceparent}, {@code tracestate}, {@code baggage}) is
 * read through the registry's propagating handlers, and the current context is written
 * into the {@code _meta} of what a handler sends: a request's through its observation, a
 * notification's by the {@link AcpTraceContextWriter} (a streamed update has no
 * observation of its own). Costs nothing without a registry.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpObservations {

	/** The name of the observation of inbound calls. */
	public static final String SERVER_REQUESTS = "acp.server.requests";

	/** The name of the observation of the agent's calls to the client. */
	public static final String CLIENT_REQUESTS = "acp.client.requests";

	/** The method tag of a call to a method the agent does not serve. */
	public static final String UNKNOWN_METHOD = "UNKNOWN";

	/**
	 * The error code tag of an error whose code is neither a JSON-RPC nor an ACP one: the
	 * peer chooses codes freely, and a tag must stay low-cardinality.
	 */
	public static final String OTHER_ERROR_CODE = "other";

	private static final Set<Integer> KNOWN_ERROR_CODES = Set.of(JsonRpcError.PARSE_ERROR, JsonRpcError.INVALID_REQUEST,
			JsonRpcError.METHOD_NOT_FOUND, JsonRpcError.INVALID_PARAMS, JsonRpcError.INTERNAL_ERROR,
			JsonRpcError.REQUEST_CANCELLED, JsonRpcError.SERVER_BUSY, AcpErrorCodes.AUTH_REQUIRED,
			AcpErrorCodes.RESOURCE_NOT_FOUND);

	/** No observations. */
	public static final AcpObservations NONE = new AcpObservations(ObservationRegistry.NOOP);

	private final ObservationRegistry registry;

	private final AcpTraceContextWriter traceContext;

	private final AcpTraceSampler sampler;

	/**
	 * Create observations; the notifications handlers send carry no trace context.
	 * @param registry the registry
	 */
	public AcpObservations(ObservationRegistry registry) {
		this(registry, AcpTraceContextWriter.NONE);
	}

	/**
	 * Create observations.
	 * @param registry the registry
	 * @param traceContext writes the current trace context into the notifications
	 * handlers send
	 */
	public AcpObservations(ObservationRegistry registry, AcpTraceContextWriter traceContext) {
		this(registry, traceContext, AcpTraceSampler.NONE);
	}

	/**
	 * Create observations.
	 * @param registry the registry
	 * @param traceContext writes the current trace context into the notifications
	 * handlers send
	 * @param sampler decides whether the trace of an inbound call is sampled
	 */
	public AcpObservations(ObservationRegistry registry, AcpTraceContextWriter traceContext, AcpTraceSampler sampler) {
		this.registry = registry;
		this.traceContext = traceContext;
		this.sampler = sampler;
	}

	boolean isEnabled() {
		return !this.registry.isNoop();
	}

	/**
	 * Start the observation of an inbound call.
	 * @param method the method
	 * @param served whether the agent serves it
	 * @param request whether a request (else a notification)
	 * @param transport the transport's name
	 * @param params the params, whose {@code _meta} carries the trace context
	 * @return the started call
	 */
	ServedCall serve(String method, boolean served, boolean request, String transport, @Nullable JsonNode params) {
		String name = served ? method : UNKNOWN_METHOD;
		AcpTraceSampler.Decision decision = this.sampler.sample(name, (key) -> metaValue(params, key));
		if (decision != null && !decision.sampled()) {
			AcpTraceSampler.Timing timing = decision.time(name, request, transport);
			if (timing != null) {
				return new ServedCall(timing, decision);
			}
			Observation observation = tagged(
					Observation.createNotStarted(SERVER_REQUESTS, decision::context, this.registry), name, request,
					transport);
			return new ServedCall(observation.start(), observation.isNoop() ? null : decision);
		}
		Observation observation = tagged(server(params), name, request, transport);
		if (decision != null) {
			decision.start(observation);
		}
		else {
			observation.start();
		}
		return new ServedCall(observation, null);
	}

	private Observation server(@Nullable JsonNode params) {
		return Observation.createNotStarted(SERVER_REQUESTS, () -> {
			ReceiverContext<JsonNode> context = new ReceiverContext<>(AcpObservations::metaValue);
			if (params != null) {
				context.setCarrier(params);
			}
			context.setRemoteServiceName("acp-client");
			return context;
		}, this.registry);
	}

	private static Observation tagged(Observation observation, String name, boolean request, String transport) {
		return observation.contextualName(name)
			.lowCardinalityKeyValue("method", name)
			.lowCardinalityKeyValue("kind", request ? "request" : "notification")
			.lowCardinalityKeyValue("transport", transport);
	}

	/**
	 * The trace context current on this thread, for the {@code _meta} of a notification.
	 * @return the keys and values, or {@code null} when there is none
	 */
	@Nullable Map<String, String> currentTraceContext() {
		if (this.traceContext == AcpTraceContextWriter.NONE) {
			return null;
		}
		Map<String, String> carrier = carrier();
		this.traceContext.writeCurrent(carrier);
		return carrier.isEmpty() ? null : carrier;
	}

	Observation client(String method, String transport, Map<String, String> carrier) {
		Observation observation = Observation.createNotStarted(CLIENT_REQUESTS, () -> {
			SenderContext<Map<String, String>> context = new SenderContext<>((map, key, value) -> {
				if (map != null) {
					map.put(key, value);
				}
			});
			context.setCarrier(carrier);
			context.setRemoteServiceName("acp-client");
			return context;
		}, this.registry);
		return observation.contextualName(method)
			.lowCardinalityKeyValue("method", method)
			.lowCardinalityKeyValue("kind", "request")
			.lowCardinalityKeyValue("transport", transport);
	}

	static void stop(Observation observation, @Nullable Throwable failure, boolean cancelled) {
		stop((outcome, code, error) -> {
			if (error != null) {
				observation.error(error);
			}
			observation.lowCardinalityKeyValue("outcome", outcome).lowCardinalityKeyValue("error.code", code).stop();
		}, failure, cancelled);
	}

	static void stop(AcpTraceSampler.Timing timing, @Nullable Throwable failure, boolean cancelled) {
		String code = "none";
		String outcome = "success";
		Throwable error = null;
		if (cancelled) {
			outcome = "cancelled";
			code = String.valueOf(JsonRpcError.REQUEST_CANCELLED);
		}
		else if (failure != null) {
			Throwable cause = unwrap(failure);
			outcome = "error";
			if (cause instanceof JsonRpcException ex) {
				code = errorCodeTag(ex.getError().code());
			}
			else if (cause instanceof AcpClientException ex) {
				code = errorCodeTag(ex.getError().code());
			}
			else {
				code = String.valueOf(JsonRpcError.INTERNAL_ERROR);
				error = cause;
			}
		}
		timing.stop(outcome, code, error);
	}

	/**
	 * The tag of an error code: the code itself when JSON-RPC or ACP defines it, else
	 * {@value #OTHER_ERROR_CODE}.
	 * @param code the code
	 * @return the tag value
	 */
	static String errorCodeTag(int code) {
		return KNOWN_ERROR_CODES.contains(code) ? String.valueOf(code) : OTHER_ERROR_CODE;
	}

	private static Throwable unwrap(Throwable failure) {
		Throwable cause = failure;
		while ((cause instanceof CompletionException || cause instanceof ExecutionException)
				&& cause.getCause() != null) {
			cause = cause.getCause();
		}
		return cause;
	}

	private static @Nullable String metaValue(@Nullable JsonNode params, String key) {
		JsonNode meta = (params != null) ? params.get("_meta") : null;
		JsonNode value = (meta != null && meta.isObject()) ? meta.get(key) : null;
		return (value != null && value.isString()) ? value.stringValue() : null;
	}

	/**
	 * A carrier for the trace context of an outbound call, kept in order.
	 * @return an empty carrier
	 */
	static Map<String, String> carrier() {
		return new LinkedHashMap<>(4);
	}

}
