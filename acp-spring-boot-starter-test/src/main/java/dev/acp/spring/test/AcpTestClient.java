package dev.acp.spring.test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;

import dev.acp.spring.agent.support.InMemoryAgent;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.AuthenticateRequest;
import dev.acp.spring.protocol.AuthenticateResponse;
import dev.acp.spring.protocol.CancelNotification;
import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.Implementation;
import dev.acp.spring.protocol.InitializeRequest;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.protocol.LoadSessionRequest;
import dev.acp.spring.protocol.LoadSessionResponse;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.WriteTextFileRequest;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.JsonNodeFactory;

import org.springframework.context.ApplicationContext;

/**
 * An ACP client for tests, connected in memory to an agent's dispatcher: no process, no
 * standard streams, no socket. Each client is one connection with its own client info,
 * capabilities and sessions.
 * <p>
 * What it sends goes through the agent exactly as a transport's frames do (codec,
 * ordering, handler threads, errors); what the agent sends back is read on a reading
 * thread of the client's own. It records every {@code session/update} by session and
 * every other notification, and answers the agent's requests ({@code fs/*},
 * {@code session/request_permission}, client extensions) with the handlers registered by
 * {@link #onRequest}; a request without a handler is answered -32601.
 * <p>
 * In a {@code @SpringBootTest} (with {@code acp.transport=none}) or an
 * {@link dev.acp.spring.test.autoconfigure.AcpTest @AcpTest}, inject one: every injection
 * point gets a new connection, closed with the application context. Without a context,
 * {@link #standalone(Object...)} serves the given handler beans, and
 * {@link #requestContext} gives the {@link AcpRequestContext} to call one handler method
 * directly.
 *
 * <pre class="code">
 * client.onRequest("_zed.dev/workspace/buffers", (params) -&gt; Map.of("buffers", List.of()));
 * client.initialize(capabilities);
 * String sessionId = client.newSession();
 * assertThat(client.prompt(sessionId, "hello").stopReason()).isEqualTo(StopReason.END_TURN);
 * assertThat(client.agentMessageText(sessionId)).isEqualTo("hello");
 * assertThat(client.call("_example.com/summary", Map.of("period", 7))).failsWith(-32602);
 * </pre>
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpTestClient implements AutoCloseable {

	/** How long a call waits for its answer unless {@link #timeout(Duration)} says. */
	public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

	/** The client info sent by {@link #initialize()}. */
	public static final Implementation CLIENT_INFO = new Implementation("acp-test-client", "1.0");

	/** The transport name the agent sees on this client's connection. */
	public static final String TRANSPORT = InMemoryAgent.TRANSPORT;

	private static final AtomicLong REQUEST_IDS = new AtomicLong(1_000_000);

	private final ObjectMapper mapper;

	private final @Nullable Runnable onClose;

	private final InMemoryAgent.Connection connection;

	private final Map<String, Function<JsonNode, ?>> handlers = new ConcurrentHashMap<>();

	private final List<AcpReceivedMessage> requests = new CopyOnWriteArrayList<>();

	private final List<AcpReceivedMessage> notifications = new CopyOnWriteArrayList<>();

	private final Map<String, List<SessionUpdate>> updates = new ConcurrentHashMap<>();

	private volatile Duration timeout = DEFAULT_TIMEOUT;

	private volatile boolean closed;

	private AcpTestClient(InMemoryAgent agent, @Nullable Runnable onClose) {
		this.mapper = agent.mapper();
		this.onClose = onClose;
		this.connection = agent.connect(new Client(), DEFAULT_TIMEOUT);
	}

	/**
	 * Connect to the agent of an application context.
	 * @param context the application context
	 * @return a new client, not initialized yet
	 */
	public static AcpTestClient connect(ApplicationContext context) {
		return new AcpTestClient(InMemoryAgent.of(context), null);
	}

	/**
	 * Connect to an agent of its own, without an application context, serving the handler
	 * methods of the given objects as the starter serves those of beans (same binding,
	 * validation left out, errors and capability advertisement). With no objects it
	 * serves only {@code initialize}: enough to get a real {@link #requestContext request
	 * context} for a unit test of one handler method.
	 * @param handlers objects with {@code @AcpMethod} / {@code @AcpNotification} methods
	 * @return a new client, not initialized yet; close it to stop the agent's threads
	 */
	public static AcpTestClient standalone(Object... handlers) {
		InMemoryAgent agent = InMemoryAgent.standalone(DEFAULT_TIMEOUT, handlers);
		return new AcpTestClient(agent, agent::close);
	}

	/**
	 * Set how long calls wait for their answer (default {@link #DEFAULT_TIMEOUT}); past
	 * it the call fails the test and the agent is sent {@code $/cancel_request}.
	 * @param timeout the timeout
	 * @return this client
	 */
	public AcpTestClient timeout(Duration timeout) {
		this.timeout = Objects.requireNonNull(timeout, "timeout");
		return this;
	}

	// Answering the agent

	/**
	 * Answer the agent's requests to a method with a handler: its return value (any
	 * Jackson-writable value, {@code null} for {@code {}}) is the result; an
	 * {@link dev.acp.spring.method.AcpException} it throws answers exactly that error,
	 * anything else -32603. Handlers run on threads of the client, one per request, and
	 * may block (an abandoned request interrupts its handler).
	 * @param method the method, such as {@code _zed.dev/workspace/buffers}
	 * @param handler reads the params as received ({@code null} when absent)
	 * @return this client
	 */
	public AcpTestClient onRequest(String method, Function<JsonNode, ?> handler) {
		this.handlers.put(method, Objects.requireNonNull(handler, "handler"));
		return this;
	}

	/**
	 * Answer the agent's requests to a method with a handler of typed params.
	 * @param <P> the params type
	 * @param method the method
	 * @param paramsType the type the params are read as
	 * @param handler answers the params
	 * @return this client
	 * @see #onRequest(String, Function)
	 */
	public <P> AcpTestClient onRequest(String method, Class<P> paramsType, Function<? super P, ?> handler) {
		Objects.requireNonNull(handler, "handler");
		return onRequest(method,
				(params) -> handler.apply((params != null) ? this.mapper.treeToValue(params, paramsType) : null));
	}

	/**
	 * Answer {@code session/request_permission}.
	 * @param handler the user's decision
	 * @return this client
	 */
	public AcpTestClient onPermissionRequest(Function<RequestPermissionRequest, RequestPermissionResponse> handler) {
		return onRequest(AcpMethods.SESSION_REQUEST_PERMISSION, RequestPermissionRequest.class, handler);
	}

	/**
	 * Answer {@code fs/read_text_file}. The agent only sends it when {@link #initialize}
	 * advertised {@code fs.readTextFile}.
	 * @param handler the file's content
	 * @return this client
	 */
	public AcpTestClient onReadTextFile(Function<ReadTextFileRequest, ReadTextFileResponse> handler) {
		return onRequest(AcpMethods.FS_READ_TEXT_FILE, ReadTextFileRequest.class, handler);
	}

	/**
	 * Answer {@code fs/write_text_file} with {@code {}} once the consumer accepted it.
	 * The agent only sends it when {@link #initialize} advertised
	 * {@code fs.writeTextFile}.
	 * @param handler takes the write
	 * @return this client
	 */
	public AcpTestClient onWriteTextFile(Consumer<WriteTextFileRequest> handler) {
		return onRequest(AcpMethods.FS_WRITE_TEXT_FILE, WriteTextFileRequest.class, (request) -> {
			handler.accept(request);
			return null;
		});
	}

	// Calling the agent

	/**
	 * Send {@code initialize} with protocol version 1, no capabilities and
	 * {@link #CLIENT_INFO}.
	 * @return the agent's answer
	 */
	public InitializeResponse initialize() {
		return initialize(ClientCapabilities.NONE);
	}

	/**
	 * Send {@code initialize} with protocol version 1, the given capabilities (client
	 * extensions in their {@code _meta}) and {@link #CLIENT_INFO}.
	 * @param capabilities the client capabilities
	 * @return the agent's answer
	 */
	public InitializeResponse initialize(ClientCapabilities capabilities) {
		return initialize(new InitializeRequest(InMemoryAgent.PROTOCOL_VERSION, capabilities, CLIENT_INFO, null));
	}

	/**
	 * Send {@code initialize}.
	 * @param request the request, {@code _meta} included
	 * @return the agent's answer
	 * @throws AssertionError if the agent answered an error
	 */
	public InitializeResponse initialize(InitializeRequest request) {
		return call(AcpMethods.INITIALIZE, request, InitializeResponse.class);
	}

	/**
	 * Authenticate ({@code authenticate}) with one of the methods the agent advertised.
	 * @param methodId the authentication method
	 * @return the agent's answer
	 * @throws AssertionError if the agent answered an error
	 */
	public AuthenticateResponse authenticate(String methodId) {
		return authenticate(new AuthenticateRequest(methodId));
	}

	/**
	 * Authenticate ({@code authenticate}).
	 * @param request the request, {@code _meta} included
	 * @return the agent's answer
	 * @throws AssertionError if the agent answered an error
	 */
	public AuthenticateResponse authenticate(AuthenticateRequest request) {
		return call(AcpMethods.AUTHENTICATE, request, AuthenticateResponse.class);
	}

	/**
	 * Open a session ({@code session/new}) in the working directory of the test, with no
	 * MCP servers.
	 * @return the session id
	 * @throws AssertionError if the agent answered an error
	 */
	public String newSession() {
		return newSession(workingDirectory()).sessionId();
	}

	/**
	 * Open a session ({@code session/new}) in a working directory, with no MCP servers.
	 * @param cwd the working directory, made absolute
	 * @return the agent's answer: the session id, modes, config options, {@code _meta}
	 * @throws AssertionError if the agent answered an error
	 */
	public NewSessionResponse newSession(Path cwd) {
		return newSession(new NewSessionRequest(cwd.toAbsolutePath().toString(), null, List.of(), null));
	}

	/**
	 * Open a session ({@code session/new}).
	 * @param request the request: working directory, MCP servers, {@code _meta}
	 * @return the agent's answer
	 * @throws AssertionError if the agent answered an error
	 */
	public NewSessionResponse newSession(NewSessionRequest request) {
		return call(AcpMethods.SESSION_NEW, request, NewSessionResponse.class);
	}

	/**
	 * Load a session ({@code session/load}) in the working directory of the test, with no
	 * MCP servers. The updates the agent replays are in {@link #sessionUpdates(String)}
	 * when it returns.
	 * @param sessionId the session
	 * @return the agent's answer
	 * @throws AssertionError if the agent answered an error
	 */
	public LoadSessionResponse loadSession(String sessionId) {
		return loadSession(sessionId, workingDirectory());
	}

	/**
	 * Load a session ({@code session/load}) in a working directory, with no MCP servers.
	 * @param sessionId the session
	 * @param cwd the working directory, made absolute
	 * @return the agent's answer
	 * @throws AssertionError if the agent answered an error
	 * @see #loadSession(String)
	 */
	public LoadSessionResponse loadSession(String sessionId, Path cwd) {
		return loadSession(new LoadSessionRequest(List.of(), cwd.toAbsolutePath().toString(), sessionId));
	}

	/**
	 * Load a session ({@code session/load}).
	 * @param request the request: session, working directory, MCP servers, {@code _meta}
	 * @return the agent's answer
	 * @throws AssertionError if the agent answered an error
	 * @see #loadSession(String)
	 */
	public LoadSessionResponse loadSession(LoadSessionRequest request) {
		return call(AcpMethods.SESSION_LOAD, request, LoadSessionResponse.class);
	}

	/**
	 * Send a prompt of one text block and wait for the end of the turn. The session's
	 * updates sent during the turn are in {@link #sessionUpdates(String)} when it
	 * returns.
	 * @param sessionId the session
	 * @param text the prompt text
	 * @return the agent's answer
	 * @throws AssertionError if the agent answered an error
	 */
	public PromptResponse prompt(String sessionId, String text) {
		return prompt(textPrompt(sessionId, text));
	}

	/**
	 * Send a prompt and wait for the end of the turn.
	 * @param request the prompt: any content blocks, {@code _meta}
	 * @return the agent's answer
	 * @throws AssertionError if the agent answered an error
	 * @see #prompt(String, String)
	 */
	public PromptResponse prompt(PromptRequest request) {
		return await(AcpMethods.SESSION_PROMPT, promptAsync(request)).result(PromptResponse.class);
	}

	/**
	 * Send a prompt of one text block without waiting for the end of the turn (to
	 * {@link #cancel(String)} it, or to assert on an error answer, for example).
	 * @param sessionId the session
	 * @param text the prompt text
	 * @return the answer, when it comes
	 */
	public CompletableFuture<AcpResponse> promptAsync(String sessionId, String text) {
		return promptAsync(textPrompt(sessionId, text));
	}

	/**
	 * Send a prompt without waiting for the end of the turn.
	 * @param request the prompt
	 * @return the answer, when it comes
	 */
	public CompletableFuture<AcpResponse> promptAsync(PromptRequest request) {
		return callAsync(AcpMethods.SESSION_PROMPT, request);
	}

	private static PromptRequest textPrompt(String sessionId, String text) {
		return new PromptRequest(sessionId, List.of(new ContentBlock.Text(text)), null);
	}

	private static Path workingDirectory() {
		return Path.of(System.getProperty("user.dir"));
	}

	/**
	 * Cancel the prompt turns of a session ({@code session/cancel}).
	 * @param sessionId the session
	 */
	public void cancel(String sessionId) {
		notify(AcpMethods.SESSION_CANCEL, new CancelNotification(sessionId, null));
	}

	/**
	 * Call a method of the agent and wait for the answer, whether a result or an error;
	 * assert on it with {@code assertThat(client.call(...))}.
	 * @param method the method, core or extension
	 * @param params the params (any Jackson-writable value, {@code _meta} included) or
	 * {@code null}
	 * @return the answer
	 * @throws AssertionError if no answer came in time
	 */
	public AcpResponse call(String method, Object params) {
		return await(method, callAsync(method, params));
	}

	/**
	 * Call a method of the agent and read its result.
	 * @param <T> the result type
	 * @param method the method, core or extension
	 * @param params the params or {@code null}
	 * @param resultType the type to read the result as
	 * @return the result
	 * @throws AssertionError if the agent answered an error or no answer came in time
	 */
	public <T> T call(String method, Object params, Class<T> resultType) {
		return call(method, params).result(resultType);
	}

	/**
	 * Call a method of the agent without waiting for the answer.
	 * @param method the method, core or extension
	 * @param params the params or {@code null}
	 * @return the answer, when it comes (an error answer completes it normally)
	 */
	public CompletableFuture<AcpResponse> callAsync(String method, Object params) {
		checkOpen();
		return this.connection.request(method, params, this.timeout).handle((result, failure) -> {
			if (failure == null) {
				return AcpResponse.result(method, result, this.mapper);
			}
			Throwable cause = (failure instanceof CompletionException && failure.getCause() != null)
					? failure.getCause() : failure;
			if (cause instanceof JsonRpcException ex) {
				return AcpResponse.error(method, ex.getError(), this.mapper);
			}
			if (cause instanceof TimeoutException) {
				throw new AssertionError("No answer to '" + method + "' within " + this.timeout);
			}
			throw new AssertionError("'" + method + "' failed: " + cause, cause);
		});
	}

	/**
	 * Send a notification to the agent. It is handled before anything this client sends
	 * after it.
	 * @param method the method, such as {@code session/cancel} or an extension
	 * notification
	 * @param params the params or {@code null}
	 */
	public void notify(String method, Object params) {
		checkOpen();
		this.connection.notify(method, params);
	}

	private AcpResponse await(String method, CompletableFuture<AcpResponse> answer) {
		try {
			return answer.get(this.timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof AssertionError assertion) {
				throw assertion;
			}
			throw new AssertionError("'" + method + "' failed", ex.getCause());
		}
		catch (TimeoutException ex) {
			throw new AssertionError("No answer to '" + method + "' within " + this.timeout);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AssertionError("Interrupted waiting for '" + method + "'");
		}
	}

	// What the agent sent

	/**
	 * The {@code session/update}s of a session received so far, in arrival order:
	 * everything the agent sent before the answer of a call that returned is in.
	 * @param sessionId the session
	 * @return a snapshot, empty when none came
	 */
	public List<SessionUpdate> sessionUpdates(String sessionId) {
		drain();
		return List.copyOf(this.updates.getOrDefault(sessionId, List.of()));
	}

	/**
	 * The text of the session's {@code agent_message_chunk} updates with text content,
	 * joined: what the user reads.
	 * @param sessionId the session
	 * @return the text, empty when none came
	 */
	public String agentMessageText(String sessionId) {
		StringBuilder text = new StringBuilder();
		for (SessionUpdate update : sessionUpdates(sessionId)) {
			if (update instanceof SessionUpdate.AgentMessageChunk chunk
					&& chunk.content() instanceof ContentBlock.Text block) {
				text.append(block.text());
			}
		}
		return text.toString();
	}

	/**
	 * The notifications the agent sent so far, in arrival order: {@code session/update}s
	 * and {@code $/cancel_request}s (the agent gave up a call to this client) included.
	 * @return a snapshot
	 */
	public List<AcpReceivedMessage> receivedNotifications() {
		drain();
		return List.copyOf(this.notifications);
	}

	/**
	 * The requests the agent sent so far, with or without a handler, in the order their
	 * handling started.
	 * @return a snapshot
	 */
	public List<AcpReceivedMessage> receivedRequests() {
		drain();
		return List.copyOf(this.requests);
	}

	// Unit tests of one handler method

	/**
	 * The agent's side of this client's connection: what a handler sees as
	 * {@link AcpRequestContext#connection()}, with this client's info and capabilities
	 * once {@link #initialize initialized}.
	 * @return the connection
	 * @throws IllegalStateException if the client was connected without the agent
	 */
	public AcpConnection agentConnection() {
		return this.connection.agentConnection();
	}

	/**
	 * The context of a request on the agent side of this connection, to call a handler
	 * method directly: its {@link AcpRequestContext#client() client} is the real one,
	 * checking the capabilities this client advertised and reaching this client's
	 * handlers and {@link #sessionUpdates(String)}. Nothing cancels it.
	 * @param method the method the handler serves
	 * @param params the params (any Jackson-writable value) or {@code null}
	 * @return the context
	 */
	public AcpRequestContext requestContext(String method, @Nullable Object params) {
		return requestContext(method, params, null);
	}

	/**
	 * The context of a request on the agent side of this connection, cancelled when
	 * {@code cancellation} completes.
	 * @param method the method the handler serves
	 * @param params the params or {@code null}
	 * @param cancellation complete it to cancel the request, or {@code null}
	 * @return the context
	 * @see #requestContext(String, Object)
	 */
	public AcpRequestContext requestContext(String method, @Nullable Object params,
			@Nullable CompletableFuture<?> cancellation) {
		return AcpRequestContext.forRequest(method, JsonNodeFactory.instance.numberNode(REQUEST_IDS.incrementAndGet()),
				tree(params), agentConnection(), this.mapper, cancellation);
	}

	/**
	 * The context of a notification on the agent side of this connection.
	 * @param method the method the handler serves
	 * @param params the params or {@code null}
	 * @return the context
	 */
	public AcpRequestContext notificationContext(String method, @Nullable Object params) {
		return AcpRequestContext.forNotification(method, tree(params), agentConnection(), this.mapper);
	}

	private @Nullable JsonNode tree(@Nullable Object params) {
		return (params != null) ? this.mapper.valueToTree(params) : null;
	}

	/**
	 * Close the connection: the agent answers its requests still in flight -32800 and its
	 * calls to this client fail.
	 */
	@Override
	public void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		this.connection.close();
		if (this.onClose != null) {
			this.onClose.run();
		}
	}

	private void checkOpen() {
		if (this.closed) {
			throw new IllegalStateException("The test client is closed");
		}
	}

	/**
	 * Wait until the client's reading thread has read every frame the agent sent so far.
	 */
	private void drain() {
		if (this.closed) {
			return;
		}
		try {
			this.connection.read().get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new AssertionError("The test client could not read the agent's messages", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AssertionError("Interrupted reading the agent's messages");
		}
	}

	/**
	 * The client's side of the connection: records what arrives, answers requests with
	 * the registered handlers.
	 */
	private final class Client implements InMemoryAgent.Client {

		@Override
		public CompletableFuture<?> request(String method, @Nullable JsonNode params) {
			AcpTestClient.this.requests.add(new AcpReceivedMessage(method, params));
			Function<JsonNode, ?> handler = AcpTestClient.this.handlers.get(method);
			if (handler == null) {
				return CompletableFuture.failedFuture(new JsonRpcException(JsonRpcError.methodNotFound(method)));
			}
			try {
				return CompletableFuture.completedFuture(handler.apply(params));
			}
			catch (RuntimeException ex) {
				return CompletableFuture.failedFuture(ex);
			}
		}

		@Override
		public void notification(String method, @Nullable JsonNode params) {
			AcpTestClient.this.notifications.add(new AcpReceivedMessage(method, params));
			if (AcpMethods.SESSION_UPDATE.equals(method) && params != null) {
				try {
					SessionNotification update = AcpTestClient.this.mapper.treeToValue(params,
							SessionNotification.class);
					AcpTestClient.this.updates.computeIfAbsent(update.sessionId(), (id) -> new CopyOnWriteArrayList<>())
						.add(update.update());
				}
				catch (JacksonException ex) {
					// kept in receivedNotifications() as received
				}
			}
		}

	}

}
