package dev.acp.spring.agent.support;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.acp.spring.agent.AcpTraceSampler;
import dev.acp.spring.jsonrpc.InboundRequest;
import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.jsonrpc.JsonRpcHandler;
import dev.acp.spring.jsonrpc.JsonRpcNotification;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.support.AcpHandlerKind;
import dev.acp.spring.method.support.AcpHandlerMethod;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.method.support.ParamsBinding;
import dev.acp.spring.protocol.AcpErrorCodes;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.InitializeRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.StopReason;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Serves one connection: {@code initialize} (in line, so messages pipelined behind it see
 * its outcome), then the registered handlers; -32601 for unknown requests, unknown
 * notifications ignored, params that are not an object refused. Calls answered without
 * user code, and handlers declared non-blocking, run on the reading thread; the others on
 * handler threads. The prompt turns of a session run one at a time;
 * {@code session/cancel} cancels them the moment it is read, and a cancelled turn answers
 * {@code stopReason: "cancelled"}.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class AcpConnectionHandler implements JsonRpcHandler {

	private static final Log logger = LogFactory.getLog(AcpConnectionHandler.class);

	private static final PromptResponse CANCELLED = new PromptResponse(StopReason.CANCELLED);

	private final AcpAgent agent;

	private final DefaultAcpConnection connection;

	private final ObjectMapper mapper;

	private final JsonRpcConnection rpc;

	private final @Nullable DefaultAcpSessions sessions;

	AcpConnectionHandler(AcpAgent agent, JsonRpcConnection rpc) {
		this.agent = agent;
		this.rpc = rpc;
		this.sessions = agent.sessions();
		this.connection = new DefaultAcpConnection(rpc, agent.observations(), this.sessions);
		this.mapper = rpc.codec().mapper();
	}

	@Override
	public boolean isDispatchedInline(String method) {
		if (AcpMethods.INITIALIZE.equals(method)) {
			return true;
		}
		return isDispatchedInlineAs(this.connection.edition().modelMethod(method, null));
	}

	private boolean isDispatchedInlineAs(String method) {
		AcpHandlerMethod handler = this.agent.registry().find(method);
		if (handler == null && isServedBySessions(method)) {
			return !this.connection.isInitialized();
		}
		return handler == null || handler.kind() != AcpHandlerKind.REQUEST || handler.isNonBlocking()
				|| !this.connection.isInitialized();
	}

	/**
	 * Whether the starter's sessions serve a method the application has no handler for.
	 */
	private boolean isServedBySessions(String method) {
		return this.sessions != null && DefaultAcpSessions.serves(method);
	}

	@Override
	public @Nullable String orderKey(String method, @Nullable JsonNode params) {
		return AcpMethods.SESSION_PROMPT.equals(method) ? turnKey(params) : null;
	}

	@Override
	public void notificationReceived(JsonRpcNotification notification) {
		if (AcpMethods.SESSION_CANCEL.equals(notification.method()) && this.connection.isInitialized()) {
			cancelTurn(turnKey(notification.params()));
		}
	}

	/**
	 * Cancel the running turn of a session on this connection, as {@code session/cancel}
	 * does (also done by {@code session/close}).
	 */
	private void cancelTurn(@Nullable String key) {
		int cancelled = (key == null) ? 0 : (this.connection.edition().turns() != null)
				? this.rpc.cancelWithWaiting(key) : this.rpc.signalCancellation(key);
		if (cancelled > 0) {
			this.rpc.statistics().cancelled();
		}
	}

	private static @Nullable String turnKey(@Nullable JsonNode params) {
		JsonNode sessionId = (params != null) ? params.get("sessionId") : null;
		return (sessionId != null && sessionId.isString()) ? sessionId.stringValue() : null;
	}

	@Override
	public CompletionStage<?> handleRequest(InboundRequest request) {
		AcpObservations observations = this.agent.observations();
		if (!observations.isEnabled()) {
			return serve(request);
		}
		String method = request.method();
		ServedCall call = observations.serve(method, isServed(method, AcpHandlerKind.REQUEST), true,
				this.rpc.transport(), request.params());
		CompletionStage<?> stage;
		try (AcpTraceSampler.Scope scope = call.open()) {
			stage = serve(request);
		}
		catch (RuntimeException ex) {
			call.stop(ex, false);
			throw ex;
		}
		return stage.whenComplete((result, failure) -> call.stop(failure, request.isCancelled()));
	}

	private boolean isServed(String method, AcpHandlerKind kind) {
		if (AcpMethods.INITIALIZE.equals(method)) {
			return kind == AcpHandlerKind.REQUEST;
		}
		if (!this.connection.edition().knows(method)) {
			return false;
		}
		String modelMethod = this.connection.edition().modelMethod(method, null);
		AcpHandlerMethod handler = this.agent.registry().find(modelMethod);
		if (handler == null) {
			return kind == AcpHandlerKind.REQUEST && isServedBySessions(modelMethod);
		}
		return handler.kind() == kind;
	}

	private CompletionStage<?> serve(InboundRequest request) {
		String method = request.method();
		String sessionId = SessionListeners.endsSession(method) ? turnKey(request.params()) : null;
		if (sessionId == null || deletesNothing(method, sessionId)) {
			return dispatch(request);
		}
		return dispatch(request).thenApply((result) -> {
			this.agent.sessionListeners().sessionEnded(method, sessionId, this.connection);
			return result;
		});
	}

	/**
	 * A {@code session/delete} the starter serves of a session the connection's owner
	 * does not have: answered as a success, it ends nothing the listeners should hear of.
	 */
	private boolean deletesNothing(String method, String sessionId) {
		DefaultAcpSessions sessions = this.sessions;
		return sessions != null && AcpMethods.SESSION_DELETE.equals(method)
				&& this.agent.registry().find(method) == null && !sessions.deletes(sessionId, this.connection);
	}

	private CompletionStage<?> dispatch(InboundRequest request) {
		String method = request.method();
		JsonNode received = request.params();
		if (received != null && !received.isObject()) {
			return CompletableFuture.failedFuture(paramsNotAnObject());
		}
		if (AcpMethods.INITIALIZE.equals(method)) {
			try {
				return CompletableFuture.completedFuture(initialize(request.params()));
			}
			catch (JsonRpcException ex) {
				return CompletableFuture.failedFuture(ex);
			}
		}
		ProtocolEdition edition = this.connection.edition();
		if (!edition.knows(method)) {
			return CompletableFuture.failedFuture(new JsonRpcException(JsonRpcError.methodNotFound(method)));
		}
		JsonNode params;
		try {
			params = edition.modelParams(method, request.params(), this.mapper);
		}
		catch (RuntimeException ex) {
			return CompletableFuture.failedFuture(ex);
		}
		return dispatch(request, edition.modelMethod(method, request.params()), params)
			.thenApply((result) -> edition.answer(method, result, this.mapper));
	}

	/**
	 * Serve a request as the handlers know it: its method and params translated from the
	 * connection's protocol version.
	 */
	private CompletionStage<?> dispatch(InboundRequest request, String method, @Nullable JsonNode params) {
		AcpHandlerMethod handler = this.agent.registry().find(method);
		boolean servedBySessions = handler == null && isServedBySessions(method);
		if (!servedBySessions && (handler == null || handler.kind() != AcpHandlerKind.REQUEST)) {
			RuntimeException unserved = this.connection.isInitialized()
					? this.connection.edition().unserved(request.method()) : null;
			return CompletableFuture.failedFuture((unserved != null) ? unserved
					: new JsonRpcException(JsonRpcError.methodNotFound(request.method())));
		}
		if (!this.connection.isInitialized()) {
			return CompletableFuture.failedFuture(notInitialized(method));
		}
		if (needsAuthentication(method)) {
			return CompletableFuture.failedFuture(authenticationRequired(method));
		}
		try {
			this.agent.mcpServers().check(method, params, this.connection, this.mapper);
			SystemPromptGate.check(method, params, this.agent.initializeResponse().agentCapabilities(), this.mapper);
		}
		catch (RuntimeException ex) {
			return CompletableFuture.failedFuture(ex);
		}
		if (AcpMethods.SESSION_CLOSE.equals(method)) {
			cancelTurn(turnKey(params));
		}
		DefaultAcpSessions sessions = this.sessions;
		if (servedBySessions && sessions != null) {
			try {
				return CompletableFuture.completedFuture(sessions.serve(method, params, this.connection, this.mapper));
			}
			catch (RuntimeException ex) {
				return CompletableFuture.failedFuture(ex);
			}
		}
		if (handler == null) {
			// not served by the sessions, so the check above found a request handler
			return CompletableFuture.failedFuture(new JsonRpcException(JsonRpcError.methodNotFound(request.method())));
		}
		CompletableFuture<Void> cancellation = new CompletableFuture<>();
		request.onCancel(() -> cancellation.complete(null));
		AcpRequestContext context = AcpRequestContext.forRequest(method, request.id(), params, this.connection,
				this.mapper, cancellation);
		if (AcpMethods.SESSION_PROMPT.equals(method)) {
			return prompt(handler, context, request, params);
		}
		if (AcpMethods.AUTHENTICATE.equals(method) || AcpMethods.LOGOUT.equals(method)) {
			boolean authenticated = AcpMethods.AUTHENTICATE.equals(method);
			return handler.invoke(context).thenApply((result) -> {
				this.connection.authenticated(authenticated);
				return result;
			});
		}
		if (sessions != null && SessionTracking.isTracked(method)) {
			return new SessionTracking(sessions, this.connection, this.mapper).serve(method, params,
					() -> handler.invoke(context));
		}
		if (AcpMethods.SESSION_NEW.equals(method) || AcpMethods.SESSION_LOAD.equals(method)
				|| AcpMethods.SESSION_RESUME.equals(method) || AcpMethods.SESSION_CLOSE.equals(method)) {
			return handler.invoke(context).thenApply((result) -> {
				trackSession(method, params, result);
				return result;
			});
		}
		return handler.invoke(context);
	}

	private void trackSession(String method, @Nullable JsonNode params, @Nullable Object result) {
		String sessionId = AcpMethods.SESSION_NEW.equals(method) ? newSessionId(result) : turnKey(params);
		if (sessionId == null) {
			return;
		}
		if (AcpMethods.SESSION_CLOSE.equals(method)) {
			this.connection.sessionClosed(sessionId);
		}
		else {
			this.connection.sessionOpened(sessionId);
		}
	}

	private @Nullable String newSessionId(@Nullable Object result) {
		if (result instanceof NewSessionResponse response) {
			return response.sessionId();
		}
		JsonNode tree = (result instanceof JsonNode node) ? node
				: (result instanceof Map<?, ?> map) ? this.mapper.valueToTree(map) : null;
		JsonNode sessionId = (tree != null) ? tree.get("sessionId") : null;
		return (sessionId != null && sessionId.isString()) ? sessionId.stringValue() : null;
	}

	private boolean needsAuthentication(String method) {
		return this.agent.authentication().required() && !this.connection.isAuthenticated()
				&& !AcpMethods.AUTHENTICATE.equals(method);
	}

	private static AcpException authenticationRequired(String method) {
		return new AcpException(AcpErrorCodes.AUTH_REQUIRED, "Authentication required",
				"'" + method + "' needs a successful authenticate on this connection first");
	}

	private CompletionStage<?> prompt(AcpHandlerMethod handler, AcpRequestContext context, InboundRequest request,
			@Nullable JsonNode params) {
		V2Turns v2 = this.connection.edition().turns();
		if (request.isCancelled()) {
			return (v2 != null) ? CompletableFuture.failedFuture(new JsonRpcException(JsonRpcError.requestCancelled()))
					: CompletableFuture.completedFuture(CANCELLED);
		}
		String sessionId = context.sessionId();
		String messageId = (v2 != null) ? V2Turns.newMessageId() : null;
		DefaultAcpSessions sessions = this.sessions;
		DefaultAcpSession session = (sessions != null && sessionId != null) ? this.connection.openSession(sessionId)
				: null;
		AcpRequestContext turnContext = context;
		if (sessions != null && session != null) {
			try {
				PromptRequest bound = sessions.beginTurn(this.connection, session, params, this.mapper, messageId);
				if (bound != null) {
					turnContext = context.withBoundParams(bound);
				}
			}
			catch (RuntimeException ex) {
				return CompletableFuture.failedFuture(ex);
			}
		}
		Duration maxPromptDuration = this.agent.maxPromptDuration();
		if (maxPromptDuration != null) {
			request.cancelAfter(maxPromptDuration);
		}
		if (v2 != null && sessionId != null && messageId != null && params != null) {
			v2.insert(this.connection, request, sessionId, messageId, params.get("prompt"), this.mapper);
		}
		CompletionStage<Object> turn = handler.invoke(turnContext);
		if (sessions != null && session != null) {
			turn = turn.whenComplete((result, failure) -> sessions.endTurn(this.connection, session));
		}
		if (v2 != null && sessionId != null) {
			return turn.handle((result, failure) -> {
				v2.end(this.connection, request, sessionId, result, failure, this.mapper);
				return null;
			});
		}
		return turn.handle((result, failure) -> {
			if (request.isCancelled()) {
				return CANCELLED;
			}
			if (failure != null) {
				throw (failure instanceof CompletionException completion) ? completion
						: new CompletionException(failure);
			}
			return result;
		});
	}

	@Override
	public void handleNotification(JsonRpcNotification notification) {
		String method = notification.method();
		AcpHandlerMethod handler = this.agent.registry().find(method);
		String dropped = null;
		JsonNode params = notification.params();
		if (params != null && !params.isObject()) {
			dropped = "params are not an object";
		}
		else if (handler == null || handler.kind() != AcpHandlerKind.NOTIFICATION
				|| !this.connection.edition().knows(method)) {
			dropped = "no handler";
		}
		else if (!this.connection.isInitialized()) {
			dropped = "received before initialize";
		}
		else if (needsAuthentication(method)) {
			dropped = "received before authenticate";
		}
		if (dropped != null || handler == null) {
			this.rpc.statistics().notificationDropped();
			if (logger.isDebugEnabled()) {
				logger.debug("Dropping notification '" + method + "': " + dropped);
			}
			return;
		}
		AcpRequestContext context = AcpRequestContext.forNotification(method, params, this.connection, this.mapper);
		AcpObservations observations = this.agent.observations();
		ServedCall call = observations.isEnabled()
				? observations.serve(method, true, false, this.rpc.transport(), params) : null;
		CompletionStage<Object> stage;
		try (AcpTraceSampler.Scope scope = (call != null) ? call.open() : null) {
			stage = handler.invoke(context);
		}
		stage.whenComplete((result, failure) -> {
			if (this.sessions != null) {
				this.sessions.handlerCompleted(this.connection);
			}
			if (call != null) {
				call.stop(failure, false);
			}
			if (failure != null && logger.isWarnEnabled()) {
				logger.warn("Notification '" + method + "' failed: " + failure.getMessage());
			}
		});
	}

	@Override
	public @Nullable Object cancelledResult(InboundRequest request) {
		return AcpMethods.SESSION_PROMPT.equals(request.method()) ? CANCELLED : null;
	}

	@Override
	public void givenUp(InboundRequest request) {
		String sessionId = turnKey(request.params());
		V2Turns turns = this.connection.edition().turns();
		if (request.isAcknowledged() && sessionId != null && turns != null) {
			turns.end(this.connection, request, sessionId, null, null, this.mapper);
		}
	}

	@Override
	public void connectionClosed() {
		if (this.sessions != null) {
			this.sessions.connectionClosed(this.connection);
		}
		this.agent.connectionClosed(this.connection);
		this.agent.sessionListeners().connectionClosed(this.connection);
	}

	DefaultAcpConnection connection() {
		return this.connection;
	}

	private Object initialize(@Nullable JsonNode params) {
		if (this.connection.isInitialized()) {
			throw new AcpException(JsonRpcError.INVALID_REQUEST, "Invalid Request",
					"initialize was already called on this connection");
		}
		if (params == null || !params.isObject()) {
			throw ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError("params", "is required")));
		}
		JsonNode asked = params.get("protocolVersion");
		ProtocolEdition edition = (asked != null && asked.isInt()) ? this.agent.negotiation().negotiate(asked.asInt())
				: V1Edition.INSTANCE;
		InitializeRequest request = edition.initializeRequest(params, this.mapper);
		if (request.protocolVersion() == null) {
			throw ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError("protocolVersion", "is required")));
		}
		List<String> missing = this.agent.missingRequiredExtensions(request.clientCapabilities());
		if (!missing.isEmpty()) {
			throw new AcpException(JsonRpcError.INVALID_PARAMS,
					"The client does not support required extensions: " + String.join(", ", missing),
					Map.of("requiredExtensions", missing));
		}
		this.connection.initialized(request.clientInfo(), request.clientCapabilities(), edition);
		return edition.initializeResponse(this.agent.initializeResponse(this.connection),
				this.agent.mcpServers().mayAllowStdio(this.connection));
	}

	private static AcpException paramsNotAnObject() {
		return ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError("params", "must be an object")));
	}

	private static AcpException notInitialized(String method) {
		return new AcpException(JsonRpcError.INVALID_REQUEST, "Invalid Request",
				"'" + method + "' was called before initialize");
	}

}
