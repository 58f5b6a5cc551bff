package dev.acp.spring.agent.support;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.acp.spring.jsonrpc.InboundRequest;
import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.jsonrpc.JsonRpcHandler;
import dev.acp.spring.jsonrpc.JsonRpcNotification;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.support.AcpArgumentResolvers;
import dev.acp.spring.method.support.AcpExceptionTranslator;
import dev.acp.spring.method.support.AcpMethodDiscoverer;
import dev.acp.spring.method.support.AcpMethodRegistry;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.protocol.Implementation;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.context.ApplicationContext;

/**
 * An agent reached in memory, without a transport: the one way into the starter's wiring
 * for the test module ({@code AcpTestClient}), which meets no other type of this package,
 * of {@code method.support} or of the JSON-RPC layer but the errors. Not an API for
 * applications.
 * <p>
 * Each {@link #connect connection} joins a client side, served by a {@link Client}, to
 * the agent side, as a transport would: one reading thread per direction keeps each
 * direction's order.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class InMemoryAgent implements AutoCloseable {

	/** The protocol version the agent speaks. */
	public static final int PROTOCOL_VERSION = AcpAgent.PROTOCOL_VERSION;

	/** The transport name the agent sees on an in-memory connection. */
	public static final String TRANSPORT = "in-memory";

	private static final byte[] CANCEL_REQUEST = JsonRpcConnection.CANCEL_REQUEST_METHOD
		.getBytes(StandardCharsets.UTF_8);

	private final JsonRpcConnectionFactory factory;

	private final JsonRpcCodec codec;

	private final @Nullable AcpAgent agent;

	private final @Nullable ExecutorService ownThreads;

	private InMemoryAgent(JsonRpcConnectionFactory factory, JsonRpcCodec codec, @Nullable AcpAgent agent,
			@Nullable ExecutorService ownThreads) {
		this.factory = Objects.requireNonNull(factory, "factory");
		this.codec = Objects.requireNonNull(codec, "codec");
		this.agent = agent;
		this.ownThreads = ownThreads;
	}

	/**
	 * The agent of an application context.
	 * @param context the application context, with the starter's agent in it
	 * @return the agent; closing it leaves the context's agent running
	 */
	public static InMemoryAgent of(ApplicationContext context) {
		return new InMemoryAgent(context.getBean(JsonRpcConnectionFactory.class), context.getBean(JsonRpcCodec.class),
				context.getBeanProvider(AcpAgent.class).getIfAvailable(), null);
	}

	/**
	 * An agent of its own, without an application context, serving the handler methods of
	 * the given objects as the starter serves those of beans (same binding, validation
	 * left out, errors and capability advertisement).
	 * @param handlers objects with {@code @AcpMethod} / {@code @AcpNotification} methods
	 * @param timeout how long the agent's calls to the client wait
	 * @return the agent; close it to stop its threads
	 */
	public static InMemoryAgent standalone(Duration timeout, Object... handlers) {
		JsonRpcCodec codec = new JsonRpcCodec(AcpJsonMapper.create());
		AcpMethodRegistry registry = new AcpMethodRegistry();
		DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
		for (int i = 0; i < handlers.length; i++) {
			beans.registerSingleton(handlers[i].getClass().getName() + "#" + i, handlers[i]);
		}
		AcpMethodDiscoverer discoverer = new AcpMethodDiscoverer(registry,
				AcpArgumentResolvers.builtIn(codec.mapper(), null), new AcpExceptionTranslator());
		discoverer.setBeanFactory(beans);
		discoverer.afterSingletonsInstantiated();
		AcpAgent agent = new AcpAgent(registry, new AcpCapabilityAdvertiser(registry, Map.of(), List.of()),
				new Implementation("acp-test-agent", "0.0.0"));
		ExecutorService threads = threads("acp-test-agent-");
		return new InMemoryAgent(new JsonRpcConnectionFactory(codec, threads, timeout, agent), codec, agent, threads);
	}

	/**
	 * The protocol mapper of the agent.
	 * @return the mapper
	 */
	public ObjectMapper mapper() {
		return this.codec.mapper();
	}

	/**
	 * Open a connection to the agent.
	 * @param client serves the client side
	 * @param timeout how long the client side's requests wait for their answer
	 * @return the connection
	 */
	public Connection connect(Client client, Duration timeout) {
		return new Connection(Objects.requireNonNull(client, "client"), timeout);
	}

	/**
	 * Stop the threads of a {@link #standalone} agent; an application context's agent is
	 * left as it is.
	 */
	@Override
	public void close() {
		if (this.ownThreads != null) {
			this.ownThreads.shutdownNow();
		}
	}

	private static ExecutorService readingThread(String name) {
		ThreadPoolExecutor executor = new ThreadPoolExecutor(1, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
				(task) -> daemon(task, name));
		executor.allowCoreThreadTimeOut(true);
		return executor;
	}

	private static ExecutorService threads(String prefix) {
		AtomicInteger count = new AtomicInteger();
		return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 1, TimeUnit.SECONDS, new SynchronousQueue<>(),
				(task) -> daemon(task, prefix + count.incrementAndGet()));
	}

	private static Thread daemon(Runnable task, String name) {
		Thread thread = new Thread(task, name);
		thread.setDaemon(true);
		return thread;
	}

	/**
	 * The client side of a connection: answers the agent's requests and sees its
	 * notifications.
	 */
	public interface Client {

		/**
		 * Answer a request of the agent; runs on a thread of its own, which an abandoned
		 * request interrupts.
		 * @param method the method
		 * @param params the params as received, or {@code null}
		 * @return the result (any Jackson-writable value), or a future failed with a
		 * {@link JsonRpcException} (such as an {@code AcpException}) to answer its error;
		 * any other failure answers -32603
		 */
		CompletableFuture<?> request(String method, @Nullable JsonNode params);

		/**
		 * See a notification of the agent, in the order it was sent, on the reading
		 * thread; {@code $/cancel_request}, which the connection acts on itself, is seen
		 * too.
		 * @param method the method
		 * @param params the params as received, or {@code null}
		 */
		void notification(String method, @Nullable JsonNode params);

	}

	/**
	 * One in-memory connection to the agent.
	 */
	public final class Connection implements AutoCloseable {

		private final Client client;

		private final ExecutorService agentReader = readingThread("acp-test-agent-reader");

		private final ExecutorService clientReader = readingThread("acp-test-client-reader");

		private final ExecutorService clientThreads = threads("acp-test-client-");

		private final JsonRpcConnection clientSide;

		private final JsonRpcConnection agentSide;

		private Connection(Client client, Duration timeout) {
			this.client = client;
			this.clientSide = new JsonRpcConnectionFactory(InMemoryAgent.this.codec, this.clientThreads, timeout,
					(connection) -> new ClientHandler(client))
				.open(TRANSPORT, this::sendToAgent);
			this.agentSide = InMemoryAgent.this.factory.open("acp-test-" + UUID.randomUUID(), TRANSPORT,
					this::sendToClient);
		}

		/**
		 * Send a request to the agent.
		 * @param method the method
		 * @param params the params (any Jackson-writable value) or {@code null}
		 * @param timeout how long to wait for the answer
		 * @return the result; fails with a {@link JsonRpcException} carrying the agent's
		 * error, or a {@link java.util.concurrent.TimeoutException}
		 */
		public CompletableFuture<JsonNode> request(String method, @Nullable Object params, Duration timeout) {
			return this.clientSide.request(method, params, timeout);
		}

		/**
		 * Send a notification to the agent. It is handled before anything sent after it.
		 * @param method the method
		 * @param params the params (any Jackson-writable value) or {@code null}
		 */
		public void notify(String method, @Nullable Object params) {
			this.clientSide.notify(method, params);
		}

		/**
		 * The agent's side of this connection, as a handler sees it.
		 * @return the connection
		 * @throws IllegalStateException if the agent is not known (only its dispatcher
		 * is) or the connection is closed
		 */
		public AcpConnection agentConnection() {
			if (InMemoryAgent.this.agent == null) {
				throw new IllegalStateException("Connected without the AcpAgent: use connect(ApplicationContext)");
			}
			for (AcpConnection connection : InMemoryAgent.this.agent.connections()) {
				if (connection.id().equals(this.agentSide.id())) {
					return connection;
				}
			}
			throw new IllegalStateException("The connection is closed");
		}

		/**
		 * Complete once the client side has read every frame the agent sent so far.
		 * @return completes when read (at once when closed)
		 */
		public CompletableFuture<?> read() {
			try {
				return CompletableFuture.runAsync(() -> {
				}, this.clientReader);
			}
			catch (RejectedExecutionException ex) {
				return CompletableFuture.completedFuture(null);
			}
		}

		/**
		 * Close the connection: the agent answers its requests still in flight -32800 and
		 * its calls to the client fail.
		 */
		@Override
		public void close() {
			this.agentSide.inputEnded();
			InMemoryAgent.this.factory.close(this.agentSide, Duration.ZERO);
			this.clientSide.inputEnded();
			this.clientSide.close(Duration.ZERO);
			this.agentReader.shutdownNow();
			this.clientReader.shutdownNow();
			this.clientThreads.shutdownNow();
		}

		private void sendToAgent(byte[] frame) {
			deliver(this.agentReader, () -> this.agentSide.receive(frame, 0, frame.length));
		}

		private void sendToClient(byte[] frame) {
			deliver(this.clientReader, () -> {
				seeCancelRequest(frame);
				this.clientSide.receive(frame, 0, frame.length);
			});
		}

		/**
		 * Show the client a {@code $/cancel_request} of the agent: the connection acts on
		 * it itself and hands it to no handler, yet it is a notification the agent sent.
		 */
		private void seeCancelRequest(byte[] frame) {
			if (!contains(frame, CANCEL_REQUEST)) {
				return;
			}
			try {
				if (InMemoryAgent.this.codec.decode(frame, 0, frame.length) instanceof JsonRpcNotification notification
						&& JsonRpcConnection.CANCEL_REQUEST_METHOD.equals(notification.method())) {
					this.client.notification(notification.method(), notification.params());
				}
			}
			catch (RuntimeException ex) {
				// not a message: the connection answers it as it does any frame
			}
		}

		private static boolean contains(byte[] frame, byte[] part) {
			outer: for (int i = 0; i <= frame.length - part.length; i++) {
				for (int j = 0; j < part.length; j++) {
					if (frame[i + j] != part[j]) {
						continue outer;
					}
				}
				return true;
			}
			return false;
		}

		private static void deliver(ExecutorService reader, Runnable read) {
			try {
				reader.execute(read);
			}
			catch (RejectedExecutionException ex) {
				// closed: the peer is gone, as a transport drops frames to a closed
				// socket
			}
		}

	}

	private static final class ClientHandler implements JsonRpcHandler {

		private final Client client;

		ClientHandler(Client client) {
			this.client = client;
		}

		@Override
		public CompletableFuture<?> handleRequest(InboundRequest request) {
			try {
				return this.client.request(request.method(), request.params());
			}
			catch (RuntimeException ex) {
				return CompletableFuture.failedFuture(ex);
			}
		}

		@Override
		public void notificationReceived(JsonRpcNotification notification) {
			this.client.notification(notification.method(), notification.params());
		}

		@Override
		public void handleNotification(JsonRpcNotification notification) {
		}

	}

}
