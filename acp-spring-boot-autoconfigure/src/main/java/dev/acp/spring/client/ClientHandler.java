package dev.acp.spring.client;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import dev.acp.spring.jsonrpc.InboundRequest;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.jsonrpc.JsonRpcHandler;
import dev.acp.spring.jsonrpc.JsonRpcNotification;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.method.support.ParamsBinding;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.KillTerminalRequest;
import dev.acp.spring.protocol.KillTerminalResponse;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReleaseTerminalRequest;
import dev.acp.spring.protocol.ReleaseTerminalResponse;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.protocol.TerminalOutputRequest;
import dev.acp.spring.protocol.WaitForTerminalExitRequest;
import dev.acp.spring.protocol.WriteTextFileRequest;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import org.springframework.lang.Contract;

/**
 * Serves what an agent calls on this client: {@code session/update} to the session's
 * listener (in arrival order, on the connection's ordered thread), and
 * {@code session/request_permission}, {@code fs/*}, {@code terminal/*} and client
 * extensions on handler threads; a v2 agent gets {@code session/request_permission} and
 * the extensions only, its updates translated by {@link V2SessionUpdates}. The permission
 * policy decides each {@code fs/write_text_file} and {@code terminal/create} before it
 * runs (-32602 when refused). A core method the client does not serve is answered -32601.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ClientHandler implements JsonRpcHandler {

	private static final Log logger = LogFactory.getLog(ClientHandler.class);

	private final AgentConnection connection;

	private final ClientServices services;

	private final ObjectMapper mapper;

	private final JavaType sessionNotificationType;

	private final V2SessionUpdates v2Updates;

	ClientHandler(AgentConnection connection, ClientServices services) {
		this.connection = connection;
		this.services = services;
		this.mapper = connection.mapper();
		this.sessionNotificationType = this.mapper.constructType(SessionNotification.class);
		this.v2Updates = new V2SessionUpdates(this.mapper);
	}

	@Override
	public CompletionStage<?> handleRequest(InboundRequest request) {
		JsonNode params = request.params();
		if (params != null && !params.isObject()) {
			return CompletableFuture.failedFuture(
					ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError("params", "must be an object"))));
		}
		try {
			return serve(request, params);
		}
		catch (JsonRpcException ex) {
			return CompletableFuture.failedFuture(ex);
		}
	}

	private CompletionStage<?> serve(InboundRequest request, @Nullable JsonNode params) {
		if (this.connection.protocolVersion() == 2) {
			return serveV2(request, params);
		}
		String method = request.method();
		AcpClientFileSystem fileSystem = this.services.fileSystem();
		AcpClientTerminals terminals = this.connection.terminals();
		switch (method) {
			case AcpMethods.SESSION_REQUEST_PERMISSION -> {
				RequestPermissionRequest permission = bind(params, RequestPermissionRequest.class);
				DefaultAcpAgentSession session = session(permission.sessionId());
				return session.permission(() -> this.services.permissionPolicy().decide(permission, session),
						this.connection.client().executor());
			}
			case AcpMethods.FS_READ_TEXT_FILE -> {
				if (fileSystem != null) {
					ReadTextFileRequest read = bind(params, ReadTextFileRequest.class);
					return done(fileSystem.readTextFile(read, session(read.sessionId())));
				}
			}
			case AcpMethods.FS_WRITE_TEXT_FILE -> {
				if (fileSystem != null && this.services.fileWrites()) {
					WriteTextFileRequest write = bind(params, WriteTextFileRequest.class);
					DefaultAcpAgentSession session = session(write.sessionId());
					if (!this.services.permissionPolicy().allowsWrite(write, session)) {
						throw refused("path");
					}
					return done(fileSystem.writeTextFile(write, session));
				}
			}
			case AcpMethods.TERMINAL_CREATE -> {
				if (terminals != null) {
					CreateTerminalRequest create = bind(params, CreateTerminalRequest.class);
					DefaultAcpAgentSession session = session(create.sessionId());
					if (!this.services.permissionPolicy().allowsCommand(create, session)) {
						throw refused("command");
					}
					return done(terminals.create(create, session));
				}
			}
			case AcpMethods.TERMINAL_OUTPUT -> {
				if (terminals != null) {
					TerminalOutputRequest output = bind(params, TerminalOutputRequest.class);
					session(output.sessionId());
					return done(terminals.output(output));
				}
			}
			case AcpMethods.TERMINAL_WAIT_FOR_EXIT -> {
				if (terminals != null) {
					WaitForTerminalExitRequest wait = bind(params, WaitForTerminalExitRequest.class);
					session(wait.sessionId());
					return done(terminals.waitForExit(wait));
				}
			}
			case AcpMethods.TERMINAL_KILL -> {
				if (terminals != null) {
					KillTerminalRequest kill = bind(params, KillTerminalRequest.class);
					session(kill.sessionId());
					terminals.kill(kill);
					return done(new KillTerminalResponse());
				}
			}
			case AcpMethods.TERMINAL_RELEASE -> {
				if (terminals != null) {
					ReleaseTerminalRequest release = bind(params, ReleaseTerminalRequest.class);
					session(release.sessionId());
					terminals.release(release);
					return done(new ReleaseTerminalResponse());
				}
			}
			default -> {
				return extension(request, params);
			}
		}
		return CompletableFuture.failedFuture(new JsonRpcException(JsonRpcError.methodNotFound(method)));
	}

	/**
	 * What a v2 agent may call: {@code session/request_permission} (translated for the
	 * policy by {@link V2PermissionRequests}) and client extensions; v2 has no
	 * {@code fs/*} nor {@code terminal/*}, which are -32601 as any other method.
	 */
	private CompletionStage<?> serveV2(InboundRequest request, @Nullable JsonNode params) {
		if (!AcpMethods.SESSION_REQUEST_PERMISSION.equals(request.method())) {
			return extension(request, params);
		}
		dev.acp.spring.protocol.v2.RequestPermissionRequest permission = bind(params,
				dev.acp.spring.protocol.v2.RequestPermissionRequest.class);
		DefaultAcpAgentSession session = session(permission.sessionId());
		RequestPermissionRequest v1 = V2PermissionRequests.toV1(permission, params, request.id(), this.mapper);
		return session
			.permission(() -> this.services.permissionPolicy().decide(v1, session), this.connection.client().executor())
			.thenApply((response) -> V2PermissionRequests.toV2(response, this.mapper));
	}

	private CompletionStage<?> extension(InboundRequest request, @Nullable JsonNode params) {
		String method = request.method();
		AcpClientExtensions extensions = this.services.extensions();
		if (!extensions.servesRequest(method)) {
			return CompletableFuture.failedFuture(new JsonRpcException(JsonRpcError.methodNotFound(method)));
		}
		CompletableFuture<Void> cancellation = new CompletableFuture<>();
		request.onCancel(() -> cancellation.complete(null));
		return extensions
			.invoke(AcpRequestContext.forRequest(method, request.id(), params, null, this.mapper, cancellation));
	}

	private static CompletionStage<?> done(Object result) {
		return CompletableFuture.completedFuture(result);
	}

	@SuppressWarnings("unchecked")
	@Contract("null, _ -> fail")
	private <T> T bind(@Nullable JsonNode params, Class<T> type) {
		if (params == null) {
			throw ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError("params", "is required")));
		}
		return (T) ParamsBinding.bind(this.mapper, params, this.mapper.constructType(type), null);
	}

	private DefaultAcpAgentSession session(@Nullable String sessionId) {
		DefaultAcpAgentSession session = (sessionId != null) ? this.connection.session(sessionId) : null;
		if (session == null) {
			throw new AcpException(JsonRpcError.INVALID_PARAMS, "Invalid params",
					List.of(ParamsBinding.fieldError("sessionId", "is not a session of this client")));
		}
		return session;
	}

	private static AcpException refused(String field) {
		return new AcpException(JsonRpcError.INVALID_PARAMS, "Invalid params",
				List.of(ParamsBinding.fieldError(field, "is refused by the client's permission policy")));
	}

	@Override
	public void handleNotification(JsonRpcNotification notification) {
		String method = notification.method();
		JsonNode params = notification.params();
		if (params != null && !params.isObject()) {
			logger.debug("Dropping notification '" + method + "': params are not an object");
			return;
		}
		if (AcpMethods.SESSION_UPDATE.equals(method)) {
			sessionUpdate(params);
			return;
		}
		AcpClientExtensions extensions = this.services.extensions();
		if (!extensions.servesNotification(method)) {
			if (logger.isDebugEnabled()) {
				logger.debug("Dropping notification '" + method + "': no handler");
			}
			return;
		}
		extensions.invoke(AcpRequestContext.forNotification(method, params, null, this.mapper))
			.whenComplete((result, failure) -> {
				if (failure != null && logger.isWarnEnabled()) {
					logger.warn("Notification '" + method + "' failed: " + failure.getMessage());
				}
			});
	}

	private void sessionUpdate(@Nullable JsonNode params) {
		if (this.connection.protocolVersion() == 2) {
			this.v2Updates.dispatch(params, this.connection);
			return;
		}
		SessionNotification notification;
		try {
			notification = (SessionNotification) ParamsBinding.bind(this.mapper,
					(params != null) ? params : this.mapper.createObjectNode(), this.sessionNotificationType, null);
		}
		catch (RuntimeException ex) {
			logger.debug("Dropping a malformed session/update: " + ex.getMessage());
			return;
		}
		this.connection.dispatch(notification);
	}

	@Override
	public void connectionClosed() {
		logger.debug("The connection to agent '" + this.connection.client().name() + "' closed");
	}

}
