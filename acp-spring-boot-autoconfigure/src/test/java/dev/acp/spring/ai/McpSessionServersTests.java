package dev.acp.spring.ai;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import dev.acp.spring.protocol.McpServer;
import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import static org.assertj.core.api.Assertions.assertThat;

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
			return Mono.empty();
		}

		@Override
		public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
			return McpJsonDefaults.getMapper().convertValue(data, typeRef);
		}

	}

}
