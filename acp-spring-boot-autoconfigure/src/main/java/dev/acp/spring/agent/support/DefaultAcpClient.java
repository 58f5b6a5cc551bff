package dev.acp.spring.agent.support;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import io.micrometer.observation.Observation;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpClientCapabilityException;
import dev.acp.spring.method.AcpClientException;
import dev.acp.spring.method.AcpExtensionNotSupportedException;
import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.CreateTerminalResponse;
import dev.acp.spring.protocol.KillTerminalRequest;
import dev.acp.spring.protocol.KillTerminalResponse;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.ReleaseTerminalRequest;
import dev.acp.spring.protocol.ReleaseTerminalResponse;
import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.protocol.TerminalOutputRequest;
import dev.acp.spring.protocol.TerminalOutputResponse;
import dev.acp.spring.protocol.WaitForTerminalExitRequest;
import dev.acp.spring.protocol.WaitForTerminalExitResponse;
import dev.acp.spring.protocol.WriteTextFileRequest;
import dev.acp.spring.protocol.WriteTextFileResponse;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@link AcpClient} of one connection.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class DefaultAcpClient implements AcpClient {

	private static final Log logger = LogFactory.getLog(DefaultAcpClient.class);

	private static final String FS_READ = "fs.readTextFile";

	private static final String FS_WRITE = "fs.writeTextFile";

	private static final String TERMINAL = "terminal";

	private final JsonRpcConnection rpc;

	private final DefaultAcpConnection connection;

	private final AcpObservations observations;

	DefaultAcpClient(JsonRpcConnection rpc, DefaultAcpConnection connection, AcpObservations observations) {
		this.rpc = rpc;
		this.connection = connection;
		this.observations = observations;
	}

	@Override
	public <T> CompletableFuture<T> request(String method, Object params, Class<T> resultType, Duration timeout) {
		checkExtension(method);
		return send(method, params, resultType, timeout);
	}

	@Override
	public void notify(String method, Object params) {
		checkExtension(method);
		send(method, params);
	}

	@Override
	public Duration requestTimeout() {
		return this.rpc.outboundTimeout();
	}

	// fs

	@Override
	public CompletableFuture<ReadTextFileResponse> readTextFile(ReadTextFileRequest request, Duration timeout) {
		require(this.connection.canReadFiles(), FS_READ, AcpMethods.FS_READ_TEXT_FILE);
		return send(AcpMethods.FS_READ_TEXT_FILE, request, ReadTextFileResponse.class, timeout);
	}

	@Override
	public CompletableFuture<WriteTextFileResponse> writeTextFile(WriteTextFileRequest request, Duration timeout) {
		require(this.connection.canWriteFiles(), FS_WRITE, AcpMethods.FS_WRITE_TEXT_FILE);
		return send(AcpMethods.FS_WRITE_TEXT_FILE, request, WriteTextFileResponse.class, timeout);
	}

	// terminal

	@Override
	public CompletableFuture<CreateTerminalResponse> createTerminal(CreateTerminalRequest request, Duration timeout) {
		return terminal(AcpMethods.TERMINAL_CREATE, request, CreateTerminalResponse.class, timeout);
	}

	@Override
	public CompletableFuture<TerminalOutputResponse> terminalOutput(TerminalOutputRequest request, Duration timeout) {
		return terminal(AcpMethods.TERMINAL_OUTPUT, request, TerminalOutputResponse.class, timeout);
	}

	@Override
	public CompletableFuture<WaitForTerminalExitResponse> waitForTerminalExit(WaitForTerminalExitRequest request,
			Duration timeout) {
		return terminal(AcpMethods.TERMINAL_WAIT_FOR_EXIT, request, WaitForTerminalExitResponse.class, timeout);
	}

	@Override
	public CompletableFuture<KillTerminalResponse> killTerminal(KillTerminalRequest request, Duration timeout) {
		return terminal(AcpMethods.TERMINAL_KILL, request, KillTerminalResponse.class, timeout);
	}

	@Override
	public CompletableFuture<ReleaseTerminalResponse> releaseTerminal(ReleaseTerminalRequest request,
			Duration timeout) {
		return terminal(AcpMethods.TERMINAL_RELEASE, request, ReleaseTerminalResponse.class, timeout);
	}

	private <T> CompletableFuture<T> terminal(String method, Object request, Class<T> resultType, Duration timeout) {
		require(this.connection.canRunTerminals(), TERMINAL, method);
		return send(method, request, resultType, timeout);
	}

	@Override
	public boolean supportsExtension(String namespace) {
		return this.connection.supportsExtension(namespace);
	}

	@Override
	public ClientCapabilities clientCapabilities() {
		return this.connection.clientCapabilities();
	}

	private static void require(boolean advertised, String capability, String method) {
		if (!advertised) {
			throw new AcpClientCapabilityException(capability, method);
		}
	}

	private void checkExtension(String method) {
		if (!AcpMethods.isExtension(method)) {
			return;
		}
		String namespace = AcpMethods.namespaceOf(method);
		if (!supportsExtension(namespace)) {
			throw new AcpExtensionNotSupportedException(namespace, method);
		}
	}

	/**
	 * Send a request and return a future of its typed result. Completing that future
	 * before the answer arrives (cancelling it, or completing it otherwise) abandons the
	 * call: the request's own future is cancelled, which sends {@code $/cancel_request}
	 * to the client.
	 */
	private <T> CompletableFuture<T> send(String method, Object params, Class<T> resultType, Duration timeout) {
		Objects.requireNonNull(timeout, "timeout");
		Observation observation = null;
		Object sent = params;
		if (this.observations.isEnabled()) {
			Map<String, String> carrier = AcpObservations.carrier();
			observation = this.observations.client(method, this.rpc.transport(), carrier).start();
			sent = withTraceContext(params, carrier);
		}
		ProtocolEdition edition = this.connection.edition();
		ObjectMapper mapper = this.rpc.codec().mapper();
		Object wire = edition.request(this.connection, method, sent, mapper);
		CompletableFuture<JsonNode> call = this.rpc.request(method, wire, timeout);
		Observation started = observation;
		CompletableFuture<T> result = new CompletableFuture<>();
		// the callback completes the result whatever its bookkeeping does, so nothing is
		// left in the future whenComplete returns
		var unused = call.whenComplete((value, failure) -> {
			try {
				edition.requestEnded(this.connection, method, wire, mapper);
				if (started != null) {
					AcpObservations.stop(started, failure, failure instanceof CancellationException);
				}
			}
			catch (RuntimeException ex) {
				// an observation handler of the application, say: the caller still gets
				// its answer
				logger.warn("Ending the call of " + method + " failed", ex);
			}
			Throwable cause = (failure instanceof CompletionException && failure.getCause() != null)
					? failure.getCause() : failure;
			if (cause instanceof JsonRpcException ex) {
				result.completeExceptionally(new AcpClientException(method, ex.getError()));
			}
			else if (cause != null) {
				result.completeExceptionally(cause);
			}
			else {
				try {
					result.complete(convert(value, resultType));
				}
				catch (RuntimeException ex) {
					result.completeExceptionally(ex);
				}
			}
		});
		// cancelling the call cannot fail: a pending call is cancelled, an ended one is
		// left as it is
		var unusedCancellation = result.whenComplete((value, failure) -> call.cancel(false));
		return result;
	}

	private void send(String method, Object params) {
		Map<String, String> traceContext = this.observations.currentTraceContext();
		Object traced = (traceContext != null) ? withTraceContext(params, traceContext) : params;
		Object wire = this.connection.edition().outbound(method, traced, this.rpc.codec().mapper());
		if (wire != null) {
			this.rpc.notify(method, wire);
		}
		this.connection.sent(method, params);
	}

	/**
	 * The params with the trace context of the current observation added to their
	 * {@code _meta} (keys already there are kept).
	 */
	private Object withTraceContext(Object params, Map<String, String> carrier) {
		if (carrier.isEmpty()) {
			return params;
		}
		if (params instanceof SessionNotification notification) {
			return withTraceContext(notification, carrier);
		}
		ObjectMapper mapper = this.rpc.codec().mapper();
		JsonNode tree = (params != null) ? mapper.valueToTree(params) : mapper.createObjectNode();
		if (!(tree instanceof ObjectNode object)) {
			return params;
		}
		ObjectNode meta = object.has("_meta") && object.get("_meta").isObject() ? (ObjectNode) object.get("_meta")
				: object.putObject("_meta");
		carrier.forEach((key, value) -> {
			if (!meta.has(key)) {
				meta.put(key, value);
			}
		});
		return object;
	}

	/**
	 * The streamed update's own fast path: its {@code _meta} is a map already, so no tree
	 * copy of the update is needed.
	 */
	private static SessionNotification withTraceContext(SessionNotification notification, Map<String, String> carrier) {
		Map<String, Object> meta;
		if (notification.meta() == null) {
			meta = Collections.unmodifiableMap(carrier);
		}
		else {
			meta = new LinkedHashMap<>(notification.meta());
			carrier.forEach(meta::putIfAbsent);
		}
		return new SessionNotification(notification.sessionId(), notification.update(), meta, notification.unknown());
	}

	private <T> T convert(JsonNode result, Class<T> resultType) {
		if (resultType.isInstance(result)) {
			return resultType.cast(result);
		}
		return this.rpc.codec().mapper().treeToValue(result, resultType);
	}

}
