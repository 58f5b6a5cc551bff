package dev.acp.spring.autoconfigure;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import dev.acp.spring.transport.websocket.AcpWebSocketHandler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.mockito.Mockito.mock;

/**
 * Tests of the WebSocket transport's defaults and wiring that need no server.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpWebSocketSettingsTests {

	@Test
	void defaultsFitAModestHeap() {
		AcpProperties.Websocket websocket = new AcpProperties().getWebsocket();
		assertThat(websocket.getMaxMessageSize()).isEqualTo(DataSize.ofMegabytes(16));
		assertThat(websocket.getMaxRequestsInFlight()).isEqualTo(64);
		assertThat(websocket.getMaxConnections()).isEqualTo(100);
		assertThat(websocket.getAuth().getBearerToken()).isNull();
	}

	@Test
	void theBearerTokenIsMaskedInToString() {
		AcpProperties.WebsocketAuth auth = new AcpProperties().getWebsocket().getAuth();
		auth.setBearerToken("top-secret-value");
		assertThat(auth.toString()).doesNotContain("top-secret-value").contains("******");
	}

	@Test
	void theBearerTokenFileIsReadAndStripped(@TempDir Path directory) throws Exception {
		AcpProperties.WebsocketAuth auth = new AcpProperties().getWebsocket().getAuth();
		assertThat(AcpWebSocketAutoConfiguration.bearerToken(auth)).isNull();
		auth.setBearerTokenFile(Files.writeString(directory.resolve("token"), "  abc\n"));
		assertThat(AcpWebSocketAutoConfiguration.bearerToken(auth)).isEqualTo("abc");
		auth.setBearerToken("direct");
		assertThat(AcpWebSocketAutoConfiguration.bearerToken(auth)).isEqualTo("direct");
		auth.setBearerToken(null);
		auth.setBearerTokenFile(Files.writeString(directory.resolve("empty"), "\n"));
		assertThatIllegalStateException().isThrownBy(() -> AcpWebSocketAutoConfiguration.bearerToken(auth));
	}

	@Test
	void shutdownRunsInTheWebServersGracefulShutdownPhaseBeforeTheServerStops() {
		WebSocketTransportLifecycle lifecycle = new WebSocketTransportLifecycle(mock(AcpWebSocketHandler.class),
				Duration.ZERO);
		assertThat(lifecycle.getPhase()).isEqualTo(WebServerApplicationContext.GRACEFUL_SHUTDOWN_PHASE)
			.isGreaterThan(WebServerApplicationContext.START_STOP_LIFECYCLE_PHASE);
	}

}
