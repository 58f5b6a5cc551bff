package dev.acp.spring.agent;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpClientCapabilityException;
import dev.acp.spring.method.AcpClientException;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpExtensionNotSupportedException;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.FileSystemCapabilities;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.WriteTextFileRequest;
import dev.acp.spring.protocol.WriteTextFileResponse;
import tools.jackson.databind.JsonNode;

/**
 * The {@link AcpClient} of one connection.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class DefaultAcpClient implements AcpClient {

	private final JsonRpcConnection rpc;

	private final AcpConnection connection;

	DefaultAcpClient(JsonRpcConnection rpc, AcpConnection connection) {
		this.rpc = rpc;
		this.connection = connection;
	}

	@Override
	public <T> CompletableFuture<T> request(String method, Object params, Class<T> resultType) {
		checkExtension(method);
		return send(method, params, resultType);
	}

	@Override
	public CompletableFuture<ReadTextFileResponse> readTextFile(ReadTextFileRequest request) {
		FileSystemCapabilities fs = this.connection.clientCapabilities().fs();
		if (fs == null || !Boolean.TRUE.equals(fs.readTextFile())) {
			throw new AcpClientCapabilityException("fs.readTextFile", AcpMethods.FS_READ_TEXT_FILE);
		}
		return send(AcpMethods.FS_READ_TEXT_FILE, request, ReadTextFileResponse.class);
	}

	@Override
	public CompletableFuture<WriteTextFileResponse> writeTextFile(WriteTextFileRequest request) {
		FileSystemCapabilities fs = this.connection.clientCapabilities().fs();
		if (fs == null || !Boolean.TRUE.equals(fs.writeTextFile())) {
			throw new AcpClientCapabilityException("fs.writeTextFile", AcpMethods.FS_WRITE_TEXT_FILE);
		}
		return send(AcpMethods.FS_WRITE_TEXT_FILE, request, WriteTextFileResponse.class);
	}

	private <T> CompletableFuture<T> send(String method, Object params, Class<T> resultType) {
		CompletableFuture<T> result = new CompletableFuture<>();
		this.rpc.request(method, params).whenComplete((value, failure) -> {
			Throwable cause = (failure instanceof CompletionException && failure.getCause() != null)
					? failure.getCause() : failure;
			if (cause instanceof JsonRpcException ex) {
				result.completeExceptionally(new AcpClientException(method, ex.getError()));
			}
			else if (cause != null) {
				result.completeExceptionally(cause);
			}
			else {
				try {
					result.complete(convert(value, resultType));
				}
				catch (RuntimeException ex) {
					result.completeExceptionally(ex);
				}
			}
		});
		return result;
	}

	private <T> T convert(JsonNode result, Class<T> resultType) {
		if (resultType.isInstance(result)) {
			return resultType.cast(result);
		}
		return this.rpc.codec().mapper().treeToValue(result, resultType);
	}

	@Override
	public void notify(String method, Object params) {
		checkExtension(method);
		this.rpc.notify(method, params);
	}

	@Override
	public void sessionUpdate(String sessionId, SessionUpdate update) {
		this.rpc.notify(AcpMethods.SESSION_UPDATE, new SessionNotification(sessionId, update));
	}

	@Override
	public boolean supportsExtension(String namespace) {
		return this.connection.clientCapabilities().extension(namespace) != null;
	}

	private void checkExtension(String method) {
		if (!AcpMethods.isExtension(method)) {
			return;
		}
		String namespace = AcpMethods.namespaceOf(method);
		if (!supportsExtension(namespace)) {
			throw new AcpExtensionNotSupportedException(namespace, method);
		}
	}

}
