package dev.acp.spring.transport.stdio;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.awaitility.core.ConditionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import dev.acp.spring.protocol.AcpJsonMapper;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import dev.acp.spring.jsonrpc.InboundRequest;
import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.jsonrpc.JsonRpcHandler;
import dev.acp.spring.jsonrpc.JsonRpcNotification;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Tests for {@link StdioTransport}.
 */
class StdioTransportTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final ExecutorService executor = Executors.newCachedThreadPool();

	private final Handler handler = new Handler();

	private final JsonRpcConnectionFactory factory = new JsonRpcConnectionFactory(new JsonRpcCodec(this.mapper),
			this.executor, Duration.ofSeconds(30), (connection) -> this.handler);

	private final LinesOutputStream out = new LinesOutputStream();

	private final AtomicInteger inputClosed = new AtomicInteger();

	private PipedOutputStream input;

	private StdioTransport transport;

	@AfterEach
	void cleanUp() throws Exception {
		this.handler.pending.values().forEach((future) -> future.complete("cleanup"));
		if (this.input != null) {
			this.input.close();
		}
		if (this.transport != null) {
			waiting().until(() -> this.inputClosed.get() > 0 || !this.transport.isRunning());
		}
		this.executor.shutdownNow();
		this.executor.awaitTermination(5, TimeUnit.SECONDS);
	}

	private static ConditionFactory waiting() {
		return await().atMost(Duration.ofSeconds(10)).pollDelay(Duration.ZERO).pollInterval(Duration.ofMillis(5));
	}

	private StdioTransport start(int maxLineLength, Duration drainTimeout) throws IOException {
		this.input = new PipedOutputStream();
		PipedInputStream in = new PipedInputStream(this.input, 4 * 1024 * 1024);
		this.transport = new StdioTransport(this.factory, in, this.out, maxLineLength, drainTimeout, Duration.ZERO,
				this.inputClosed::incrementAndGet);
		this.transport.start();
		return this.transport;
	}

	private void write(String text) throws IOException {
		this.input.write(text.getBytes(StandardCharsets.UTF_8));
		this.input.flush();
	}

	private JsonNode tree(String json) {
		return this.mapper.readTree(json);
	}

	private List<JsonNode> awaitLines(int count) {
		waiting().until(() -> this.out.lines().size() >= count);
		return this.out.lines().stream().map(this::tree).toList();
	}

	private JsonNode responseTo(String id) {
		JsonNode idNode = tree(id);
		return this.out.lines()
			.stream()
			.map(this::tree)
			.filter((frame) -> idNode.equals(frame.get("id")))
			.findFirst()
			.orElse(null);
	}

	private long responsesTo(String id) {
		JsonNode idNode = tree(id);
		return this.out.lines().stream().map(this::tree).filter((frame) -> idNode.equals(frame.get("id"))).count();
	}

	@Test
	void aFailedWriteToStandardOutputClosesTheConnectionAndCancelsWhatRuns() throws Exception {
		this.input = new PipedOutputStream();
		PipedInputStream in = new PipedInputStream(this.input, 64 * 1024);
		OutputStream broken = new OutputStream() {

			@Override
			public void write(int b) throws IOException {
				throw new IOException("Broken pipe");
			}

			@Override
			public void write(byte[] b, int off, int len) throws IOException {
				throw new IOException("Broken pipe");
			}

		};
		CountDownLatch closed = new CountDownLatch(1);
		this.transport = new StdioTransport(this.factory, in, broken, 1024, Duration.ofSeconds(30), Duration.ZERO,
				() -> {
					this.inputClosed.incrementAndGet();
					closed.countDown();
				});
		this.transport.start();
		write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"slow\"}\n");
		write("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"echo\",\"params\":{}}\n");
		assertThat(closed.await(10, TimeUnit.SECONDS)).isTrue();
		assertThat(this.inputClosed).hasValue(1);
		assertThat(this.transport.connection().isClosed()).isTrue();
		assertThat(this.transport.isRunning()).isFalse();
	}

	@Test
	void aClientThatNeverReadsStandardOutputIsTreatedAsGoneAfterTheSendTimeLimit() throws Exception {
		this.input = new PipedOutputStream();
		PipedInputStream in = new PipedInputStream(this.input, 64 * 1024);
		CountDownLatch writing = new CountDownLatch(1);
		CountDownLatch released = new CountDownLatch(1);
		OutputStream unread = new OutputStream() {

			@Override
			public void write(int b) throws IOException {
				write(new byte[] { (byte) b }, 0, 1);
			}

			@Override
			public void write(byte[] b, int off, int len) throws IOException {
				writing.countDown();
				try {
					released.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}

		};
		CountDownLatch closed = new CountDownLatch(1);
		this.transport = new StdioTransport(this.factory, in, unread, 1024, Duration.ofSeconds(30),
				Duration.ofMillis(200), () -> {
					this.inputClosed.incrementAndGet();
					closed.countDown();
				});
		try {
			this.transport.start();
			write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"echo\",\"params\":{}}\n");
			assertThat(writing.await(10, TimeUnit.SECONDS)).isTrue();
			assertThat(closed.await(10, TimeUnit.SECONDS)).isTrue();
			assertThat(this.transport.connection().isClosed()).isTrue();
			assertThat(this.transport.failure()).isEqualTo("Standard output failed");
		}
		finally {
			released.countDown();
		}
	}

	@Test
	void messagesAreAnsweredOnePerLine() throws IOException {
		start(1024, Duration.ofSeconds(5));
		assertThat(this.transport.isRunning()).isTrue();
		assertThat(this.transport.connection().transport()).isEqualTo("stdio");
		write("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"echo\",\"params\":{\"text\":\"a\\nb\"}}\n");
		write("{\"jsonrpc\":\"2.0\",\"method\":\"note\",\"params\":{\"n\":1}}\r\n\n");
		write("{\"jsonrpc\":\"2.0\",\"id\":\"two\",\"method\":\"echo\",\"params\":[1,2]}\n");
		awaitLines(2);
		assertThat(responseTo("0")).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"text\":\"a\\nb\"}}"));
		assertThat(responseTo("\"two\"")).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":\"two\",\"result\":[1,2]}"));
		waiting().until(() -> this.handler.notifications.size() == 1);
		assertThat(this.handler.notifications.get(0).params()).isEqualTo(tree("{\"n\":1}"));
		this.input.close();
		waiting().until(() -> this.inputClosed.get() == 1);
		assertThat(this.out.lines()).hasSize(2);
		assertThat(this.out.text()).doesNotContain("\r").endsWith("\n");
	}

	@Test
	void aLineThatIsNotJsonIsAnsweredParseErrorAndTheConnectionContinues() throws IOException {
		start(1024, Duration.ofSeconds(5));
		write("Hello, this is not JSON\n");
		write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"echo\",\"params\":{}}\n");
		List<JsonNode> lines = awaitLines(2);
		assertThat(lines.get(0)).isEqualTo(tree(
				"{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32700,\"message\":\"Parse error\",\"data\":\"Invalid JSON\"}}"));
		assertThat(lines.get(1)).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}"));
	}

	@Test
	void aTooLongLineIsAnsweredInvalidRequestAndTheConnectionContinues() throws IOException {
		start(200, Duration.ofSeconds(5));
		write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"echo\",\"params\":{\"text\":\"" + "x".repeat(1000)
				+ "\"}}\n");
		write("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"echo\",\"params\":{\"text\":\"ok\"}}\n");
		List<JsonNode> lines = awaitLines(2);
		assertThat(lines.get(0).get("id").isNull()).isTrue();
		assertThat(lines.get(0).get("error").get("code").intValue()).isEqualTo(-32600);
		assertThat(lines.get(0).get("error").get("data").stringValue()).contains("200");
		assertThat(lines.get(1)).isEqualTo(tree("{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"text\":\"ok\"}}"));
		assertThat(this.handler.requests).hasValue(1);
	}

	@Test
	void aLineLargerThanTheReadChunkIsDeliveredWhole() throws IOException {
		start(1024 * 1024, Duration.ofSeconds(5));
		String text = "0123456789".repeat(30_000);
		write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"echo\",\"params\":{\"text\":\"" + text + "\"}}\n");
		List<JsonNode> lines = awaitLines(1);
		assertThat(lines.get(0).get("result").get("text").stringValue()).isEqualTo(text);
	}

	@Test
	void atEndOfInputInFlightRequestsFinishBeforeTheInputClosedCallback() throws IOException {
		start(1024, Duration.ofSeconds(30));
		write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"slow\"}\n");
		waiting().until(() -> this.handler.pending.containsKey("1"));
		this.input.close();
		waiting().until(() -> this.transport.connection().isClosed());
		assertThat(this.inputClosed).hasValue(0);
		assertThat(this.out.lines()).isEmpty();
		this.handler.pending.get("1").complete("finished");
		waiting().until(() -> this.inputClosed.get() == 1);
		assertThat(this.out.lines()).containsExactly("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"finished\"}");
		assertThat(this.transport.isRunning()).isFalse();
		assertThat(this.factory.openConnections()).isEmpty();
		assertThat(this.handler.closed).hasValue(1);
	}

	@Test
	void answersQueuedWhenInputEndsAreNotDropped() throws IOException {
		start(1024, Duration.ofSeconds(30));
		StringBuilder burst = new StringBuilder();
		for (int i = 0; i < 50; i++) {
			burst.append("{\"jsonrpc\":\"2.0\",\"id\":")
				.append(i)
				.append(",\"method\":\"echo\",\"params\":[")
				.append(i)
				.append("]}\n");
		}
		write(burst.toString());
		this.input.close();
		waiting().until(() -> this.inputClosed.get() == 1);
		assertThat(this.out.lines()).hasSize(50);
		for (int i = 0; i < 50; i++) {
			assertThat(responseTo(String.valueOf(i)).get("result")).isEqualTo(tree("[" + i + "]"));
		}
	}

	@Test
	void requestsStillRunningAfterTheDrainTimeoutAreAnsweredCancelled() throws IOException {
		start(1024, Duration.ofMillis(200));
		write("{\"jsonrpc\":\"2.0\",\"id\":\"stuck\",\"method\":\"slow\"}\n");
		write("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"echo\",\"params\":{}}\n");
		waiting().until(() -> this.handler.pending.containsKey("stuck") && responseTo("2") != null);
		this.input.close();
		waiting().until(() -> this.inputClosed.get() == 1);
		assertThat(responseTo("\"stuck\"")).isEqualTo(tree(
				"{\"jsonrpc\":\"2.0\",\"id\":\"stuck\",\"error\":{\"code\":-32800,\"message\":\"Request cancelled\"}}"));
		this.handler.pending.get("stuck").complete("too late");
		assertThat(responsesTo("\"stuck\"")).isEqualTo(1);
		assertThat(this.out.lines()).hasSize(2);
		assertThat(this.inputClosed).hasValue(1);
	}

	@Test
	void stopDrainsTheConnection() throws IOException {
		start(1024, Duration.ofSeconds(30));
		write("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"slow\"}\n");
		waiting().until(() -> this.handler.pending.containsKey("1"));
		CompletableFuture<Void> stopping = CompletableFuture.runAsync(this.transport::stop, this.executor);
		waiting().until(() -> this.transport.connection().isClosed());
		assertThat(stopping).isNotDone();
		this.handler.pending.get("1").complete("done");
		assertThat(stopping).succeedsWithin(Duration.ofSeconds(10));
		assertThat(this.out.lines()).containsExactly("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":\"done\"}");
		assertThat(this.transport.isRunning()).isFalse();
		assertThat(this.handler.closed).hasValue(1);
	}

	@Test
	void onceStoppedTheTransportNoLongerKeepsTheJvmAliveWhileInputStaysOpen() throws Exception {
		Set<Thread> before = Thread.getAllStackTraces().keySet();
		start(1024, Duration.ofSeconds(1));
		List<Thread> started = Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> !before.contains(thread) && thread.getName().startsWith("acp-stdio"))
			.toList();
		assertThat(started).as("a transport that serves keeps the JVM alive").anyMatch((thread) -> !thread.isDaemon());
		this.transport.stop();
		for (Thread thread : started) {
			if (!thread.isDaemon()) {
				thread.join(5000);
			}
		}
		assertThat(started).noneMatch((thread) -> thread.isAlive() && !thread.isDaemon());
		assertThat(this.inputClosed).hasValue(0);
	}

	@Test
	void startIsIdempotent() throws IOException {
		start(1024, Duration.ofSeconds(5));
		JsonRpcConnection connection = this.transport.connection();
		this.transport.start();
		assertThat(this.transport.connection()).isSameAs(connection);
		assertThat(this.factory.openConnections()).containsExactly(connection);
	}

	/**
	 * Echoes params on {@code echo}; holds {@code slow} until the test completes it.
	 */
	static final class Handler implements JsonRpcHandler {

		final Map<String, CompletableFuture<Object>> pending = new ConcurrentHashMap<>();

		final List<JsonRpcNotification> notifications = new CopyOnWriteArrayList<>();

		final AtomicInteger requests = new AtomicInteger();

		final AtomicInteger closed = new AtomicInteger();

		@Override
		public CompletionStage<?> handleRequest(InboundRequest request) {
			this.requests.incrementAndGet();
			return switch (request.method()) {
				case "echo" -> CompletableFuture.completedFuture(request.params());
				case "slow" -> {
					CompletableFuture<Object> future = new CompletableFuture<>();
					this.pending.put(request.id().asString(), future);
					yield future;
				}
				default ->
					CompletableFuture.failedFuture(new JsonRpcException(JsonRpcError.methodNotFound(request.method())));
			};
		}

		@Override
		public void handleNotification(JsonRpcNotification notification) {
			this.notifications.add(notification);
		}

		@Override
		public void connectionClosed() {
			this.closed.incrementAndGet();
		}

	}

	/**
	 * Collects complete lines.
	 */
	static final class LinesOutputStream extends OutputStream {

		private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

		@Override
		public synchronized void write(int b) {
			this.bytes.write(b);
		}

		@Override
		public synchronized void write(byte[] buffer, int offset, int length) {
			this.bytes.write(buffer, offset, length);
		}

		synchronized String text() {
			return this.bytes.toString(StandardCharsets.UTF_8);
		}

		synchronized List<String> lines() {
			String text = text();
			List<String> lines = new ArrayList<>();
			int start = 0;
			int newline;
			while ((newline = text.indexOf('\n', start)) >= 0) {
				lines.add(text.substring(start, newline));
				start = newline + 1;
			}
			return lines;
		}

	}

}
