package dev.acp.spring.transport.http;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of {@link HttpConnection}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class HttpConnectionTests {

	private final HttpConnection connection = new HttpConnection("c1", null,
			new HttpTransportSettings(1 << 20, 10, 10, 1 << 20, 1 << 20, Duration.ofSeconds(10), Duration.ofMinutes(5),
					Duration.ofSeconds(15), 4, Duration.ofSeconds(10), Duration.ofSeconds(10), List.of()),
			(overflowed) -> {
			});

	@Test
	void anEndedConnectionOpensNoSessionStream() {
		// a GET that found the connection open may ask for its stream after the
		// connection
		// ended; a stream made then would never be finished and would hold the web
		// server's graceful shutdown until its timeout
		assertThat(this.connection.end()).isTrue();
		assertThat(this.connection.sessionStream("sess_late")).isNull();
	}

	@Test
	void aSessionStreamOpenedBeforeTheEndIsFinishedWithTheOthers() {
		EventStream stream = this.connection.sessionStream("sess_1");
		assertThat(this.connection.end()).isTrue();
		this.connection.finishStreams();
		assertThat(this.connection.sessionStream("sess_1")).isNull();
		assertThat(stream.offer("{}".getBytes(StandardCharsets.UTF_8))).isTrue();
		assertThat(stream.hasQueued()).isFalse();
	}

}
