package dev.acp.spring.ai;

import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import com.sun.net.httpserver.HttpServer;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.protocol.HttpHeader;
import dev.acp.spring.protocol.McpServer;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Starting the MCP servers of {@code session/new}, against an MCP server in memory.
 *
 * @author ACP Spring Boot Starter contributors
 */
class McpSessionServersTests {

	private final ListChangedServer server = new ListChangedServer();

	@AfterEach
	void stop() {
		this.server.inbound.shutdownNow();
	}

	@Test
	void sendsToAStdioServerNeverOverlapWhenItsToolListChangesWhileTheToolsAreListed() {
		AiSession session = new AiSession("sess_1", Path.of("/work"), null,
				List.of(new McpServer.Stdio("everything", "node", List.of(), List.of())));

		McpSessionServers.start(session, Duration.ofSeconds(10), (stdio) -> this.server);

		assertThat(session.tools()).extracting((tool) -> tool.definition().name()).containsExactly("echo");
		assertThat(this.server.overlaps).as("sends that overlapped another send").hasValue(0);
		session.close();
	}

	@Test
	void anEntryOfATypeThatCannotBeStartedIsInvalidParamsNamingItAndNothingStarts() {
		ObjectNode raw = JsonNodeFactory.instance.objectNode().put("type", "websocket").put("name", "remote");
		AiSession session = new AiSession("sess_1", Path.of("/work"), null,
				List.of(new McpServer.Stdio("everything", "node", List.of(), List.of()),
						new McpServer.Unknown("websocket", raw)));
		List<McpServer> started = new CopyOnWriteArrayList<>();

		assertThatExceptionOfType(AcpException.class)
			.isThrownBy(() -> McpSessionServers.start(session, Duration.ofSeconds(10), (server) -> {
				started.add(server);
				return this.server;
			}))
			.satisfies((ex) -> {
				assertThat(ex.getError().code()).isEqualTo(-32602);
				assertThat(ex.getError().data())
					.isEqualTo(List.of(Map.of("field", "mcpServers[1]", "mcpServer", "remote", "message",
							"MCP servers of type 'websocket' are not supported (stdio, http and sse are)")));
			});
		assertThat(started).isEmpty();
	}

	@Test
	void anHttpServerWithoutAnHttpUrlIsInvalidParams() {
		AiSession session = new AiSession("sess_1", Path.of("/work"), null,
				List.of(new McpServer.Http("docs", "ftp://127.0.0.1/mcp", List.of())));

		assertThatExceptionOfType(AcpException.class)
			.isThrownBy(() -> McpSessionServers.start(session, Duration.ofSeconds(10)))
			.satisfies((ex) -> assertThat(ex.getError().data()).isEqualTo(List.of(Map.of("field", "mcpServers[0]",
					"mcpServer", "docs", "message", "url must be an absolute http or https URL"))));
	}

	@Test
	void anSseServerWithAHeaderThatCannotBeSentIsInvalidParams() {
		AiSession session = new AiSession("sess_1", Path.of("/work"), null, List.of(new McpServer.Sse("events",
				"http://127.0.0.1:1/sse", List.of(new HttpHeader("Host", "elsewhere.example")))));

		assertThatExceptionOfType(AcpException.class)
			.isThrownBy(() -> McpSessionServers.start(session, Duration.ofSeconds(10)))
			.satisfies((ex) -> {
				assertThat(ex.getError().code()).isEqualTo(-32602);
				assertThat(ex.getError().data()).isEqualTo(List.of(Map.of("field", "mcpServers[0]", "mcpServer",
						"events", "message", "header 'Host' cannot be sent")));
			});
	}

	@Test
	void aServerThatDoesNotStartClosesTheServersOfTheSessionStartedBeforeIt() {
		AiSession session = new AiSession("sess_1", Path.of("/work"), null,
				List.of(new McpServer.Stdio("everything", "node", List.of(), List.of()),
						new McpServer.Http("docs", "http://127.0.0.1:1/mcp", List.of())));
		McpClientTransport refused = new RefusingServer();

		assertThatExceptionOfType(AcpException.class).isThrownBy(() -> McpSessionServers.start(session,
				Duration.ofSeconds(10), (server) -> (server instanceof McpServer.Stdio) ? this.server : refused))
			.satisfies((ex) -> {
				assertThat(ex.getError().code()).isEqualTo(-32603);
				assertThat(ex.getError().message()).isEqualTo("MCP server 'docs' did not start");
				assertThat(ex.getError().data()).isEqualTo(Map.of("mcpServer", "docs"));
			});
		assertThat(this.server.closed).as("the server started before it was closed").isTrue();
	}

	@Test
	void theHeadersOfAStreamableHttpServerAreSentWithItsRequests() throws Exception {
		assertThat(headersSent((url) -> new McpServer.Http("docs", url + "/mcp",
				List.of(new HttpHeader("Authorization", "Bearer t0k3n")))))
			.containsEntry("Authorization", "Bearer t0k3n");
	}

	@Test
	void theHeadersOfAnSseServerAreSentWithItsRequests() throws Exception {
		assertThat(headersSent((url) -> new McpServer.Sse("events", url + "/sse",
				List.of(new HttpHeader("Authorization", "Bearer t0k3n")))))
			.containsEntry("Authorization", "Bearer t0k3n");
	}

	/**
	 * Start the server against an HTTP server that refuses every request with 503 (the
	 * SSE client waits for its endpoint until the timeout).
	 * @return the headers of the first request it got
	 */
	private static Map<String, String> headersSent(Function<String, McpServer> server) throws Exception {
		Map<String, String> headers = new java.util.concurrent.ConcurrentHashMap<>();
		HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		http.createContext("/", (exchange) -> {
			exchange.getRequestHeaders().forEach((name, values) -> headers.putIfAbsent(name, values.get(0)));
			exchange.sendResponseHeaders(503, -1);
			exchange.close();
		});
		http.start();
		try {
			AiSession session = new AiSession("sess_1", Path.of("/work"), null,
					List.of(server.apply("http://127.0.0.1:" + http.getAddress().getPort())));
			assertThatExceptionOfType(AcpException.class)
				.isThrownBy(() -> McpSessionServers.start(session, Duration.ofSeconds(2)))
				.satisfies((ex) -> assertThat(ex.getError().code()).isEqualTo(-32603));
			return headers;
		}
		finally {
			http.stop(0);
		}
	}

	/**
	 * An MCP server that answers on one reading thread, as the stdio transport does, and
	 * says its tool list changed the moment the client lists its tools: the client's SDK
	 * then lists them again from the reading thread. The client's send is held until
	 * another send starts or a second passes, so that sends that may overlap do.
	 */
	static final class ListChangedServer implements McpClientTransport {

		final ExecutorService inbound = Executors.newSingleThreadExecutor((task) -> new Thread(task, "mcp-inbound"));

		final AtomicInteger overlaps = new AtomicInteger();

		private final AtomicInteger sending = new AtomicInteger();

		private final AtomicBoolean listChanged = new AtomicBoolean();

		private final CountDownLatch anotherSend = new CountDownLatch(1);

		volatile boolean closed;

		private volatile Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler;

		@Override
		public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
			this.handler = handler;
			return Mono.empty();
		}

		@Override
		public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
			if (this.sending.incrementAndGet() > 1) {
				this.overlaps.incrementAndGet();
				this.anotherSend.countDown();
			}
			try {
				if (message instanceof McpSchema.JSONRPCRequest request) {
					answer(request);
				}
			}
			finally {
				this.sending.decrementAndGet();
			}
			return Mono.empty();
		}

		private void answer(McpSchema.JSONRPCRequest request) {
			if (McpSchema.METHOD_INITIALIZE.equals(request.method())) {
				deliver(McpSchema.JSONRPCResponse.result(request.id(),
						Map.of("protocolVersion", protocolVersions().get(protocolVersions().size() - 1), "capabilities",
								Map.of("tools", Map.of("listChanged", true)), "serverInfo",
								Map.of("name", "in-memory", "version", "1"))));
			}
			else if (McpSchema.METHOD_TOOLS_LIST.equals(request.method())) {
				boolean clientThread = !Thread.currentThread().getName().equals("mcp-inbound");
				if (clientThread && this.listChanged.compareAndSet(false, true)) {
					deliver(new McpSchema.JSONRPCNotification(McpSchema.METHOD_NOTIFICATION_TOOLS_LIST_CHANGED));
					await(this.anotherSend);
				}
				deliver(McpSchema.JSONRPCResponse.result(request.id(), Map.of("tools", List
					.of(Map.of("name", "echo", "description", "Echoes", "inputSchema", Map.of("type", "object"))))));
			}
		}

		private void deliver(McpSchema.JSONRPCMessage message) {
			this.inbound.execute(() -> this.handler.apply(Mono.just(message)).subscribe());
		}

		private static void await(CountDownLatch latch) {
			try {
				latch.await(1, TimeUnit.SECONDS);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

		@Override
		public Mono<Void> closeGracefully() {
			return Mono.fromRunnable(() -> this.closed = true);
		}

		@Override
		public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
			return McpJsonDefaults.getMapper().convertValue(data, typeRef);
		}

	}

	/**
	 * An MCP server that cannot be reached.
	 */
	static final class RefusingServer implements McpClientTransport {

		@Override
		public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
			return Mono.error(new ConnectException("Connection refused"));
		}

		@Override
		public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
			return Mono.error(new ConnectException("Connection refused"));
		}

		@Override
		public Mono<Void> closeGracefully() {
			return Mono.empty();
		}

		@Override
		public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
			return McpJsonDefaults.getMapper().convertValue(data, typeRef);
		}

	}

}
