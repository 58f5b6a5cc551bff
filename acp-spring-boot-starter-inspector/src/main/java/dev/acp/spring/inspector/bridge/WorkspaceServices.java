package dev.acp.spring.inspector.bridge;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import dev.acp.spring.client.AcpClientFileSystem;
import dev.acp.spring.client.AcpClientTerminals;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.method.support.ParamsBinding;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.KillTerminalRequest;
import dev.acp.spring.protocol.KillTerminalResponse;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReleaseTerminalRequest;
import dev.acp.spring.protocol.ReleaseTerminalResponse;
import dev.acp.spring.protocol.TerminalOutputRequest;
import dev.acp.spring.protocol.WaitForTerminalExitRequest;
import dev.acp.spring.protocol.WriteTextFileRequest;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The agent's files and terminals, served by the bridge itself once the person chose a
 * workspace, with the client role's own code: {@link AcpClientFileSystem#confined()} (a
 * path outside the workspace is refused as the client role refuses it) and
 * {@link AcpClientTerminals#processes()} (commands run as given, started in the
 * workspace, output bounded). Requests run on a bounded pool (waiting for a terminal
 * blocks); more at once are answered -32001.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class WorkspaceServices {

	/** The methods served once a workspace is chosen. */
	static final Set<String> METHODS = Set.of(AcpMethods.FS_READ_TEXT_FILE, AcpMethods.FS_WRITE_TEXT_FILE,
			AcpMethods.TERMINAL_CREATE, AcpMethods.TERMINAL_OUTPUT, AcpMethods.TERMINAL_WAIT_FOR_EXIT,
			AcpMethods.TERMINAL_KILL, AcpMethods.TERMINAL_RELEASE);

	private static final Log logger = LogFactory.getLog(WorkspaceServices.class);

	private static final int MAX_THREADS = 32;

	private final JsonMapper mapper;

	private final AcpClientFileSystem fileSystem = AcpClientFileSystem.confined();

	private final AcpClientTerminals terminals = AcpClientTerminals.processes().create();

	private final AtomicReference<@Nullable Path> workspace = new AtomicReference<>();

	private final ThreadPoolExecutor executor;

	WorkspaceServices(JsonMapper mapper) {
		this.mapper = mapper;
		AtomicInteger threads = new AtomicInteger();
		this.executor = new ThreadPoolExecutor(0, MAX_THREADS, 60, TimeUnit.SECONDS, new SynchronousQueue<>(),
				(task) -> {
					Thread thread = new Thread(task, "acp-inspector-workspace-" + threads.incrementAndGet());
					thread.setDaemon(true);
					return thread;
				});
	}

	/**
	 * The workspace, when chosen.
	 * @return the directory, or {@code null}
	 */
	@Nullable Path workspace() {
		return this.workspace.get();
	}

	/**
	 * Choose the workspace, or none; the terminals started in the previous one end.
	 * @param directory an existing directory, or {@code null}
	 */
	void choose(@Nullable Path directory) {
		Path previous = this.workspace.getAndSet(directory);
		if (previous != null && !previous.equals(directory)) {
			this.terminals.releaseAll();
		}
	}

	/**
	 * Whether an agent's request is the bridge's to answer: one of {@link #METHODS} while
	 * a workspace is chosen.
	 * @param method the method of the request
	 * @return whether it is
	 */
	boolean serves(String method) {
		return this.workspace.get() != null && METHODS.contains(method);
	}

	/**
	 * Answer an agent's request.
	 * @param request the request (an object with {@code id}, {@code method} and maybe
	 * {@code params})
	 * @return the JSON-RPC response
	 */
	CompletableFuture<ObjectNode> answer(ObjectNode request) {
		JsonNode id = request.get("id");
		CompletableFuture<ObjectNode> response = new CompletableFuture<>();
		try {
			this.executor.execute(() -> response.complete(respond(id, request)));
		}
		catch (RejectedExecutionException ex) {
			response.complete(error(id, JsonRpcError.serverBusy()));
		}
		return response;
	}

	private ObjectNode respond(JsonNode id, ObjectNode request) {
		Path directory = this.workspace.get();
		try {
			if (directory == null) {
				throw new JsonRpcException(JsonRpcError.INTERNAL_ERROR, "Internal error",
						"refused by the inspector: no workspace chosen");
			}
			Object result = serve(request.path("method").asString(""), request.get("params"), directory);
			ObjectNode response = this.mapper.createObjectNode();
			response.put("jsonrpc", "2.0");
			response.set("id", id);
			response.set("result", this.mapper.valueToTree(result));
			return response;
		}
		catch (JsonRpcException ex) {
			return error(id, ex.getError());
		}
		catch (RuntimeException ex) {
			logger.warn("Serving the agent's " + request.path("method").asString("") + " failed", ex);
			return error(id, JsonRpcError.internalError());
		}
	}

	private Object serve(String method, @Nullable JsonNode params, Path directory) {
		switch (method) {
			case AcpMethods.FS_READ_TEXT_FILE -> {
				ReadTextFileRequest read = bind(params, ReadTextFileRequest.class);
				return this.fileSystem.readTextFile(read, new WorkspaceSession(read.sessionId(), directory));
			}
			case AcpMethods.FS_WRITE_TEXT_FILE -> {
				WriteTextFileRequest write = bind(params, WriteTextFileRequest.class);
				return this.fileSystem.writeTextFile(write, new WorkspaceSession(write.sessionId(), directory));
			}
			case AcpMethods.TERMINAL_CREATE -> {
				CreateTerminalRequest create = bind(params, CreateTerminalRequest.class);
				return this.terminals.create(create, new WorkspaceSession(create.sessionId(), directory));
			}
			case AcpMethods.TERMINAL_OUTPUT -> {
				return this.terminals.output(bind(params, TerminalOutputRequest.class));
			}
			case AcpMethods.TERMINAL_WAIT_FOR_EXIT -> {
				return this.terminals.waitForExit(bind(params, WaitForTerminalExitRequest.class));
			}
			case AcpMethods.TERMINAL_KILL -> {
				this.terminals.kill(bind(params, KillTerminalRequest.class));
				return new KillTerminalResponse();
			}
			case AcpMethods.TERMINAL_RELEASE -> {
				this.terminals.release(bind(params, ReleaseTerminalRequest.class));
				return new ReleaseTerminalResponse();
			}
			default -> throw new JsonRpcException(JsonRpcError.methodNotFound(method));
		}
	}

	@SuppressWarnings("unchecked")
	private <T> T bind(@Nullable JsonNode params, Class<T> type) {
		if (params == null || !params.isObject()) {
			throw ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError("params", "must be an object")));
		}
		return (T) ParamsBinding.bind(this.mapper, params, this.mapper.constructType(type), null);
	}

	private ObjectNode error(JsonNode id, JsonRpcError error) {
		ObjectNode response = this.mapper.createObjectNode();
		response.put("jsonrpc", "2.0");
		response.set("id", id);
		ObjectNode body = response.putObject("error");
		body.put("code", error.code());
		body.put("message", error.message());
		if (error.data() != null) {
			body.set("data", this.mapper.valueToTree(error.data()));
		}
		return response;
	}

	/**
	 * End every terminal and the pool (the agent or the application stops).
	 */
	void close() {
		this.terminals.releaseAll();
		this.executor.shutdownNow();
	}

}
