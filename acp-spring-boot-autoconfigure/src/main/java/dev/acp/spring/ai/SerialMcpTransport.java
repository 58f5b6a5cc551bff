package dev.acp.spring.ai;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

import io.modelcontextprotocol.json.TypeRef;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema;
import reactor.core.publisher.Mono;

/**
 * An MCP client transport whose sends never overlap. The MCP client sends from the
 * caller's thread and also from the transport's reading thread (it lists the tools again
 * when the server says they changed, and answers the server's requests there); the stdio
 * transport puts each message into a unicast sink at once, which refuses a message
 * ("Failed to enqueue message") while another thread is putting one.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class SerialMcpTransport implements McpClientTransport {

	private final McpClientTransport transport;

	private final Object sending = new Object();

	SerialMcpTransport(McpClientTransport transport) {
		this.transport = transport;
	}

	@Override
	public Mono<Void> connect(Function<Mono<McpSchema.JSONRPCMessage>, Mono<McpSchema.JSONRPCMessage>> handler) {
		return this.transport.connect(handler);
	}

	@Override
	public void setExceptionHandler(Consumer<Throwable> handler) {
		this.transport.setExceptionHandler(handler);
	}

	@Override
	public Mono<Void> sendMessage(McpSchema.JSONRPCMessage message) {
		synchronized (this.sending) {
			return this.transport.sendMessage(message);
		}
	}

	@Override
	public <T> T unmarshalFrom(Object data, TypeRef<T> typeRef) {
		return this.transport.unmarshalFrom(data, typeRef);
	}

	@Override
	public List<String> protocolVersions() {
		return this.transport.protocolVersions();
	}

	@Override
	public Mono<Void> closeGracefully() {
		return this.transport.closeGracefully();
	}

	@Override
	public void close() {
		this.transport.close();
	}

}
