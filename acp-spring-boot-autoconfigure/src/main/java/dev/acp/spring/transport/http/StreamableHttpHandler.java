package dev.acp.spring.transport.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.jsonrpc.JsonRpcDecodeException;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcMessage;
import dev.acp.spring.jsonrpc.JsonRpcNotification;
import dev.acp.spring.jsonrpc.JsonRpcRequest;
import dev.acp.spring.transport.websocket.AllowedHosts;
import dev.acp.spring.transport.websocket.BearerToken;
import dev.acp.spring.transport.websocket.ConnectionSlots;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.server.ServletServerHttpRequest;
import org.springframework.web.HttpRequestHandler;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.util.WebUtils;

/**
 * Serves ACP over Streamable HTTP (the ACP RFD "Streamable HTTP &amp; WebSocket
 * Transport") at the endpoint that also takes WebSocket upgrades. {@code POST} carries
 * one client message: {@code initialize} without {@code Acp-Connection-Id} opens a
 * connection and is answered {@code 200} with its answer and the id in
 * {@code Acp-Connection-Id}; every other message needs that header ({@code 400} without,
 * {@code 404} for a connection that is unknown or ended) and is answered {@code 202} at
 * once, its answer coming later on a stream. {@code GET} with
 * {@code Accept: text/event-stream} opens the connection's event stream, or with
 * {@code Acp-Session-Id} that session's. {@code DELETE} ends the connection as end of
 * input ends a stdio one: requests in flight drain, the rest are answered -32800, then
 * the streams end. A connection is bound to the principal that opened it; another
 * principal is told it does not exist. A request whose {@code Host} is not allowed (DNS
 * rebinding, see {@link AllowedHosts}) is answered 421 before anything else.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class StreamableHttpHandler implements HttpRequestHandler {

	/** The header carrying the connection id. */
	public static final String CONNECTION_ID_HEADER = "Acp-Connection-Id";

	/** The header carrying the session id. */
	public static final String SESSION_ID_HEADER = "Acp-Session-Id";

	private static final Log logger = LogFactory.getLog(StreamableHttpHandler.class);

	private static final String EVENT_STREAM = "text/event-stream";

	/** Methods whose POST must carry {@code Acp-Session-Id}. */
	private static final Set<String> SESSION_METHODS = Set.of("session/cancel", "session/close", "session/delete",
			"session/fork", "session/load", "session/prompt", "session/resume", "session/set_config_option",
			"session/set_mode", "session/set_model");

	/** How long the shutdown waits for readers to take the last events. */
	private static final Duration CLOSE_WAIT = Duration.ofSeconds(2);

	private final JsonRpcConnectionFactory connectionFactory;

	private final JsonRpcCodec codec;

	private final HttpTransportSettings settings;

	private final BearerToken bearerToken;

	private final AllowedHosts allowedHosts;

	private final CorsConfiguration origins;

	private final Map<String, HttpConnection> connections = new ConcurrentHashMap<>();

	private final Object admission = new Object();

	/** The bytes queued by the streams of every connection. */
	private final QueuedBytes queued;

	private final Object evictions = new Object();

	private final ScheduledExecutorService timer;

	private final ExecutorService closers;

	private volatile ConnectionSlots slots;

	private volatile boolean accepting = true;

	/** Told the size of each buffer allocated to read a request body (tests). */
	private volatile IntConsumer bodyAllocations = (size) -> {
	};

	/**
	 * Create a handler.
	 * @param connectionFactory opens the connections
	 * @param codec the codec of the connections
	 * @param settings the limits
	 * @param bearerToken the token clients must present, or {@code null} for none
	 */
	public StreamableHttpHandler(JsonRpcConnectionFactory connectionFactory, JsonRpcCodec codec,
			HttpTransportSettings settings, BearerToken bearerToken) {
		this(connectionFactory, codec, settings, bearerToken, new AllowedHosts(List.of()));
	}

	/**
	 * Create a handler.
	 * @param connectionFactory opens the connections
	 * @param codec the codec of the connections
	 * @param settings the limits
	 * @param bearerToken the tokens clients must present, or {@code null} for none
	 * @param allowedHosts the {@code Host} values served
	 */
	public StreamableHttpHandler(JsonRpcConnectionFactory connectionFactory, JsonRpcCodec codec,
			HttpTransportSettings settings, BearerToken bearerToken, AllowedHosts allowedHosts) {
		this.connectionFactory = connectionFactory;
		this.codec = codec;
		this.settings = settings;
		this.bearerToken = bearerToken;
		this.allowedHosts = allowedHosts;
		this.slots = new ConnectionSlots(settings.maxConnections());
		this.queued = new QueuedBytes(settings.maxQueuedTotalBytes(), null);
		this.origins = new CorsConfiguration();
		if (!settings.allowedOrigins().isEmpty()) {
			this.origins.setAllowedOriginPatterns(settings.allowedOrigins());
		}
		AtomicInteger threads = new AtomicInteger();
		this.closers = Executors
			.newCachedThreadPool((task) -> daemon(task, "acp-http-close-" + threads.incrementAndGet()));
		this.timer = Executors.newSingleThreadScheduledExecutor((task) -> daemon(task, "acp-http-timer"));
		long tick = Math.max(
				10, Math
					.min(1000,
							Math.min(settings.keepAliveInterval().toMillis(),
									Math.min(settings.idleTimeout().toMillis(), settings.sendTimeLimit().toMillis()))
									/ 4));
		this.timer.scheduleWithFixedDelay(this::tick, tick, tick, TimeUnit.MILLISECONDS);
	}

	private static Thread daemon(Runnable task, String name) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		return thread;
	}

	/**
	 * Take connection slots from the given ones (those of the WebSocket transport, so
	 * both count against one limit); call before the first request.
	 * @param slots the slots
	 */
	public void setConnectionSlots(ConnectionSlots slots) {
		this.slots = slots;
	}

	@Override
	public void handleRequest(HttpServletRequest request, HttpServletResponse response) throws IOException {
		if (!this.allowedHosts.allows(request)) {
			plain(response, AllowedHosts.REFUSAL_STATUS, AllowedHosts.REFUSAL);
			return;
		}
		if (!originAllowed(request)) {
			plain(response, HttpServletResponse.SC_FORBIDDEN, "Origin not allowed");
			return;
		}
		Principal principal = request.getUserPrincipal();
		if (this.bearerToken != null) {
			Principal bearer = this.bearerToken.authenticate(request.getHeader(HttpHeaders.AUTHORIZATION));
			if (bearer == null) {
				response.setHeader(HttpHeaders.WWW_AUTHENTICATE, BearerToken.CHALLENGE);
				plain(response, HttpServletResponse.SC_UNAUTHORIZED, "Unauthorized");
				return;
			}
			if (principal == null) {
				principal = bearer;
			}
		}
		String principalName = (principal != null) ? principal.getName() : null;
		switch (request.getMethod()) {
			case "POST" -> post(request, response, principal, principalName);
			case "GET" -> get(request, response, principalName);
			case "DELETE" -> delete(request, response, principalName);
			default -> {
				response.setHeader(HttpHeaders.ALLOW, "GET, POST, DELETE");
				plain(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, "Method not allowed");
			}
		}
	}

	private boolean originAllowed(HttpServletRequest request) {
		if (request.getHeader(HttpHeaders.ORIGIN) == null) {
			return true;
		}
		return WebUtils.isSameOrigin(new ServletServerHttpRequest(request))
				|| this.origins.checkOrigin(request.getHeader(HttpHeaders.ORIGIN)) != null;
	}

	private void post(HttpServletRequest request, HttpServletResponse response, Principal principal,
			String principalName) throws IOException {
		if (!isJson(request.getContentType())) {
			plain(response, HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE, "Content-Type must be application/json");
			return;
		}
		String connectionId = request.getHeader(CONNECTION_ID_HEADER);
		HttpConnection connection = null;
		if (connectionId != null) {
			// an unknown connection is answered before a byte of its body is read
			connection = find(connectionId, principalName, response);
			if (connection == null) {
				return;
			}
		}
		byte[] body = readBody(request);
		if (body == null) {
			plain(response, HttpServletResponse.SC_REQUEST_ENTITY_TOO_LARGE,
					"Message exceeds the maximum size of " + this.settings.maxMessageSize() + " bytes");
			return;
		}
		JsonNode node;
		try {
			node = this.codec.mapper().readTree(body);
		}
		catch (JacksonException | IllegalArgumentException ex) {
			json(response, HttpServletResponse.SC_BAD_REQUEST,
					this.codec.encodeError(null, JsonRpcError.parseError("Invalid JSON")));
			return;
		}
		if (node != null && node.isArray()) {
			json(response, HttpServletResponse.SC_NOT_IMPLEMENTED,
					this.codec.encodeError(null, JsonRpcError.invalidRequest("Batches are not supported")));
			return;
		}
		if (connection == null) {
			if (node != null && node.isObject() && "initialize".equals(node.path("method").asString(null))
					&& node.has("id")) {
				initialize(node, response, principal, principalName);
			}
			else {
				plain(response, HttpServletResponse.SC_BAD_REQUEST, "Missing Acp-Connection-Id");
			}
			return;
		}
		connection.touch();
		JsonRpcMessage message;
		try {
			message = this.codec.decode(node);
		}
		catch (JsonRpcDecodeException ex) {
			if (ex.isNotification()) {
				response.setStatus(HttpServletResponse.SC_ACCEPTED);
				return;
			}
			json(response, HttpServletResponse.SC_BAD_REQUEST, this.codec.encodeError(ex.getId(), ex.getError()));
			return;
		}
		String sessionHeader = request.getHeader(SESSION_ID_HEADER);
		if (message instanceof JsonRpcRequest || message instanceof JsonRpcNotification) {
			String method = (message instanceof JsonRpcRequest call) ? call.method()
					: ((JsonRpcNotification) message).method();
			JsonNode params = (message instanceof JsonRpcRequest call) ? call.params()
					: ((JsonRpcNotification) message).params();
			JsonNode sessionParam = (params != null && params.isObject()) ? params.get("sessionId") : null;
			String paramsSessionId = (sessionParam != null && sessionParam.isString()) ? sessionParam.asString() : null;
			if (sessionHeader == null && (SESSION_METHODS.contains(method) || paramsSessionId != null)) {
				plain(response, HttpServletResponse.SC_BAD_REQUEST, "Missing Acp-Session-Id");
				return;
			}
			if (sessionHeader != null && paramsSessionId != null && !sessionHeader.equals(paramsSessionId)) {
				plain(response, HttpServletResponse.SC_BAD_REQUEST, "Acp-Session-Id does not match params.sessionId");
				return;
			}
			if (message instanceof JsonRpcRequest call) {
				String answerSession = "session/load".equals(method) ? null : sessionHeader;
				connection.answerOn(key(call.id()), answerSession);
			}
		}
		response.setStatus(HttpServletResponse.SC_ACCEPTED);
		connection.receive(message);
	}

	private void initialize(JsonNode node, HttpServletResponse response, Principal principal, String principalName)
			throws IOException {
		HttpConnection connection = open(principal, principalName);
		if (connection == null) {
			plain(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, "No more connections are accepted");
			return;
		}
		JsonRpcMessage message;
		try {
			message = this.codec.decode(node);
		}
		catch (JsonRpcDecodeException ex) {
			end(connection, Duration.ZERO, false);
			json(response, HttpServletResponse.SC_BAD_REQUEST, this.codec.encodeError(ex.getId(), ex.getError()));
			return;
		}
		CompletableFuture<byte[]> answer = connection.expectInitializeAnswer(key(node.get("id")));
		connection.receive(message);
		byte[] frame;
		try {
			frame = answer.get(this.settings.initializeTimeout().toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException | ExecutionException ex) {
			frame = null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			frame = null;
		}
		if (frame == null) {
			end(connection, Duration.ZERO, false);
			plain(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, "The connection could not be initialized");
			return;
		}
		response.setHeader(CONNECTION_ID_HEADER, connection.id());
		json(response, HttpServletResponse.SC_OK, frame);
	}

	private HttpConnection open(Principal principal, String principalName) {
		synchronized (this.admission) {
			if (!this.accepting || !this.slots.tryTake()) {
				return null;
			}
			String id = UUID.randomUUID().toString();
			HttpConnection connection = new HttpConnection(id, principalName, this.settings, this.queued,
					this::overflowed, this::transportOverflowed);
			try {
				JsonRpcConnection rpc = this.connectionFactory.open(id, "http", connection);
				rpc.setPrincipal(principal);
				rpc.setMaxInFlight(this.settings.maxRequestsInFlight());
				connection.setConnection(rpc);
			}
			catch (RuntimeException ex) {
				this.slots.giveBack();
				throw ex;
			}
			this.connections.put(id, connection);
			return connection;
		}
	}

	private void get(HttpServletRequest request, HttpServletResponse response, String principalName)
			throws IOException {
		String connectionId = request.getHeader(CONNECTION_ID_HEADER);
		if (connectionId == null) {
			plain(response, HttpServletResponse.SC_BAD_REQUEST, "Missing Acp-Connection-Id (or Upgrade: websocket)");
			return;
		}
		if (!acceptsEventStream(request)) {
			plain(response, HttpServletResponse.SC_NOT_ACCEPTABLE, "Accept must include text/event-stream");
			return;
		}
		HttpConnection connection = find(connectionId, principalName, response);
		if (connection == null) {
			return;
		}
		connection.touch();
		String sessionId = request.getHeader(SESSION_ID_HEADER);
		EventStream stream = (sessionId != null) ? connection.sessionStream(sessionId) : connection.connectionStream();
		if (stream == null) {
			if (connection.isEnded()) {
				unknownConnection(response);
			}
			else {
				plain(response, 429, "Too many session streams on this connection");
			}
			return;
		}
		response.setStatus(HttpServletResponse.SC_OK);
		response.setContentType(EVENT_STREAM);
		response.setHeader(HttpHeaders.CACHE_CONTROL, "no-cache");
		response.setHeader("X-Accel-Buffering", "no");
		AsyncContext context = request.startAsync();
		context.setTimeout(0);
		boolean attached = attach(connection, sessionId, stream, context);
		if (!attached && sessionId != null && stream.isDropped()) {
			// its last reader left just now and it was dropped: a new one takes its place
			EventStream next = connection.sessionStream(sessionId);
			attached = next != null && attach(connection, sessionId, next, context);
		}
		if (!attached) {
			response.reset();
			if (connection.isEnded()) {
				unknownConnection(response);
			}
			else {
				plain(response, HttpServletResponse.SC_CONFLICT, "The stream already has a reader");
			}
			context.complete();
		}
	}

	private static boolean attach(HttpConnection connection, String sessionId, EventStream stream, AsyncContext context)
			throws IOException {
		Runnable onGone = (sessionId != null) ? () -> connection.sessionReaderGone(sessionId, stream)
				: connection::readerGone;
		return stream.attach(context, onGone);
	}

	private void delete(HttpServletRequest request, HttpServletResponse response, String principalName)
			throws IOException {
		String connectionId = request.getHeader(CONNECTION_ID_HEADER);
		if (connectionId == null) {
			plain(response, HttpServletResponse.SC_BAD_REQUEST, "Missing Acp-Connection-Id");
			return;
		}
		HttpConnection connection = find(connectionId, principalName, response);
		if (connection == null) {
			return;
		}
		end(connection, this.settings.drainTimeout(), false);
		response.setStatus(HttpServletResponse.SC_ACCEPTED);
	}

	/**
	 * The open connection of the id that the principal made, or {@code null} once
	 * {@code 404} is answered: an unknown, ended or another principal's connection is not
	 * found.
	 */
	private HttpConnection find(String connectionId, String principalName, HttpServletResponse response)
			throws IOException {
		HttpConnection connection = this.connections.get(connectionId);
		if (connection == null || connection.isEnded() || !Objects.equals(connection.principalName(), principalName)) {
			unknownConnection(response);
			return null;
		}
		return connection;
	}

	private static void unknownConnection(HttpServletResponse response) throws IOException {
		plain(response, HttpServletResponse.SC_NOT_FOUND, "Unknown Acp-Connection-Id");
	}

	/**
	 * End a connection in the background: no request is taken any more; the requests in
	 * flight finish within {@code drain}, the rest are answered -32800, then each stream
	 * ends once its reader took what is queued (or at once when {@code abort}).
	 */
	private CompletableFuture<Void> end(HttpConnection connection, Duration drain, boolean abort) {
		if (!connection.end()) {
			return CompletableFuture.completedFuture(null);
		}
		if (this.connections.remove(connection.id(), connection)) {
			this.slots.giveBack();
		}
		try {
			return CompletableFuture.runAsync(() -> close(connection, drain, abort), this.closers);
		}
		catch (RejectedExecutionException ex) {
			// the transport shut down after this request found the connection: its
			// streams must not outlive the web server's shutdown
			close(connection, drain, true);
			return CompletableFuture.completedFuture(null);
		}
	}

	/**
	 * The streams of a connection queue more than its bound: it is closed at once.
	 */
	private void overflowed(HttpConnection connection) {
		logger.warn("Closing HTTP connection " + connection.id() + ": its event streams queue more than "
				+ this.settings.maxQueuedBytes() + " bytes for readers that do not take them");
		end(connection, Duration.ZERO, true);
	}

	/**
	 * The streams of every connection together queue more than the transport's bound: the
	 * connection that queues the most is closed at once (its streams end and their bytes
	 * are freed before this returns), then the next, until the total is within the bound
	 * or no open connection queues anything.
	 */
	private void transportOverflowed() {
		synchronized (this.evictions) {
			while (!this.queued.within()) {
				HttpConnection largest = null;
				for (HttpConnection connection : this.connections.values()) {
					if (largest == null || connection.queuedBytes() > largest.queuedBytes()) {
						largest = connection;
					}
				}
				if (largest == null || largest.queuedBytes() == 0) {
					return;
				}
				logger.warn("Closing HTTP connection " + largest.id() + ": it queues the most (" + largest.queuedBytes()
						+ " bytes) while the event streams of all connections queue more than " + this.queued.max()
						+ " bytes");
				end(largest, Duration.ZERO, true);
				largest.abortStreams();
			}
		}
	}

	private void close(HttpConnection connection, Duration drain, boolean abort) {
		try {
			JsonRpcConnection rpc = connection.connection();
			rpc.inputEnded();
			this.connectionFactory.close(rpc, abort ? Duration.ZERO : drain);
		}
		finally {
			if (abort) {
				connection.abortStreams();
			}
			else {
				connection.finishStreams();
			}
		}
	}

	private void tick() {
		try {
			long now = System.nanoTime();
			for (HttpConnection connection : this.connections.values()) {
				connection.tick(now);
				if (connection.isIdle(now)) {
					logger.debug("Ending idle HTTP connection " + connection.id());
					end(connection, this.settings.drainTimeout(), false);
				}
			}
		}
		catch (RuntimeException ex) {
			logger.warn("HTTP transport housekeeping failed", ex);
		}
	}

	/**
	 * Stop accepting connections, end every connection in parallel (requests in flight
	 * drain within {@code drain}, the rest are answered -32800), and wait briefly for the
	 * readers to take the last events.
	 * @param drain how long requests in flight may take
	 */
	public void shutdown(Duration drain) {
		synchronized (this.admission) {
			this.accepting = false;
		}
		List<CompletableFuture<Void>> ending = new ArrayList<>();
		List<HttpConnection> open = List.copyOf(this.connections.values());
		for (HttpConnection connection : open) {
			ending.add(end(connection, drain, false));
		}
		try {
			CompletableFuture.allOf(ending.toArray(CompletableFuture[]::new))
				.get(drain.toMillis() + CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException | ExecutionException ex) {
			logger.debug("HTTP drain did not complete: " + ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		long deadline = System.nanoTime() + CLOSE_WAIT.toNanos();
		for (HttpConnection connection : open) {
			try {
				connection.awaitNoReader(deadline);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			connection.abortStreams();
		}
		this.timer.shutdownNow();
		this.closers.shutdown();
	}

	/**
	 * Tell a consumer the size of each buffer allocated to read a request body.
	 * @param allocations the consumer
	 */
	void bodyAllocations(IntConsumer allocations) {
		this.bodyAllocations = allocations;
	}

	/**
	 * Whether connections are still accepted (not shutting down).
	 * @return whether accepting
	 */
	public boolean isAccepting() {
		return this.accepting;
	}

	/**
	 * The number of open HTTP connections.
	 * @return the count
	 */
	public int openConnections() {
		return this.connections.size();
	}

	private static String key(JsonNode id) {
		return OutboundRoute.key(id.isString(), id.asString());
	}

	private static boolean isJson(String contentType) {
		if (contentType == null) {
			return false;
		}
		if (contentType.equalsIgnoreCase(MediaType.APPLICATION_JSON_VALUE)) {
			return true;
		}
		try {
			MediaType type = MediaType.parseMediaType(contentType);
			return MediaType.APPLICATION_JSON.equalsTypeAndSubtype(type);
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	private static boolean acceptsEventStream(HttpServletRequest request) {
		for (String accept : java.util.Collections.list(request.getHeaders(HttpHeaders.ACCEPT))) {
			try {
				for (MediaType type : MediaType.parseMediaTypes(accept)) {
					if (type.getType().equals("text") && type.getSubtype().equals("event-stream")) {
						return true;
					}
				}
			}
			catch (RuntimeException ex) {
				return false;
			}
		}
		return false;
	}

	private byte[] readBody(HttpServletRequest request) throws IOException {
		try (InputStream input = request.getInputStream()) {
			return RequestBodyReader.read(input, request.getContentLengthLong(), this.settings.maxMessageSize(),
					this.bodyAllocations);
		}
	}

	private static void plain(HttpServletResponse response, int status, String text) throws IOException {
		response.setStatus(status);
		response.setContentType("text/plain;charset=UTF-8");
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		response.setContentLength(bytes.length);
		response.getOutputStream().write(bytes);
	}

	private static void json(HttpServletResponse response, int status, byte[] body) throws IOException {
		response.setStatus(status);
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.setContentLength(body.length);
		response.getOutputStream().write(body);
	}

}
