package dev.acp.spring.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

import dev.acp.spring.transport.websocket.AcpWebSocketHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/**
 * Tests of the WebSocket transport's defaults and wiring that need no server.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpWebSocketSettingsTests {

	@Test
	void defaultsFitAModestHeap() {
		AcpWebSocketProperties websocket = new AcpWebSocketProperties();
		assertThat(websocket.getMaxMessageSize()).isEqualTo(DataSize.ofMegabytes(16));
		assertThat(websocket.getMaxRequestsInFlight()).isEqualTo(64);
		assertThat(websocket.getMaxConnections()).isEqualTo(100);
		assertThat(websocket.getAuth().getBearerToken()).isNull();
	}

	@Test
	void theBearerTokenIsMaskedInToString() {
		AcpWebSocketProperties.Auth auth = new AcpWebSocketProperties().getAuth();
		auth.setBearerToken("top-secret-value");
		assertThat(auth.toString()).doesNotContain("top-secret-value").contains("******");
	}

	@Test
	void theBearerTokenFileIsReadAndStripped(@TempDir Path directory) throws Exception {
		assertThat(AcpWebSocketAutoConfiguration.bearerToken(binder(Map.of()))).isNull();
		Path file = Files.writeString(directory.resolve("token"), "  abc\n");
		assertThat(AcpWebSocketAutoConfiguration
			.bearerToken(binder(Map.of("acp.websocket.auth.bearer-token-file", file.toString())))).isEqualTo("abc");
		assertThat(AcpWebSocketAutoConfiguration.bearerToken(binder(Map.of("acp.websocket.auth.bearer-token-file",
				file.toString(), "acp.websocket.auth.bearer-token", " direct "))))
			.isEqualTo("direct");
	}

	private static Binder binder(Map<String, Object> properties) {
		return new Binder(new MapConfigurationPropertySource(properties));
	}

	@Test
	void shutdownRunsInTheWebServersGracefulShutdownPhaseBeforeTheServerStops() {
		WebSocketTransportLifecycle lifecycle = new WebSocketTransportLifecycle(mock(AcpWebSocketHandler.class),
				Duration.ZERO);
		assertThat(lifecycle.getPhase()).isEqualTo(WebServerApplicationContext.GRACEFUL_SHUTDOWN_PHASE)
			.isGreaterThan(WebServerApplicationContext.START_STOP_LIFECYCLE_PHASE);
	}

}
