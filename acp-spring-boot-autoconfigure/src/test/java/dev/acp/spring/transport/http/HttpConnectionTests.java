package dev.acp.spring.transport.http;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletResponse;

import org.junit.jupiter.api.Test;
import org.mockito.ArgumentCaptor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.mockito.Mockito.mock;

/**
 * Tests of {@link HttpConnection}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class HttpConnectionTests {

	private final HttpConnection connection = new HttpConnection("c1", null,
			new HttpTransportSettings(1 << 20, 10, 10, 1 << 20, 1 << 20, 1 << 30, Duration.ofSeconds(10),
					Duration.ofMinutes(5), Duration.ofSeconds(15), 4, Duration.ofSeconds(10), Duration.ofSeconds(10),
					List.of()),
			new QueuedBytes(1 << 30, null), (overflowed) -> {
			}, () -> {
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

	@Test
	void aMessageRoutedToASessionStreamWhoseReaderLeavesIsNotLost() throws Exception {
		EventStream stream = this.connection.sessionStream("sess_1");
		AsyncContext context = mock(AsyncContext.class);
		ServletResponse response = mock(ServletResponse.class);
		ServletOutputStream output = mock(ServletOutputStream.class);
		given(context.getResponse()).willReturn(response);
		given(response.getOutputStream()).willReturn(output);
		assertThat(stream.attach(context, () -> this.connection.sessionReaderGone("sess_1", stream))).isTrue();
		ArgumentCaptor<AsyncListener> listener = ArgumentCaptor.forClass(AsyncListener.class);
		then(context).should().addListener(listener.capture());
		// the reader leaves (its client closed the GET) after the message chose the
		// session's stream and before it is offered to it
		this.connection.afterRouting(() -> {
			try {
				listener.getValue().onComplete(null);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
		});
		this.connection.send("{\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"params\":{\"sessionId\":\"sess_1\"}}"
			.getBytes(StandardCharsets.UTF_8));
		EventStream next = this.connection.sessionStream("sess_1");
		assertThat(this.connection.connectionStream().hasQueued() || next.hasQueued())
			.as("the message waits on the connection's stream or for the session's next reader")
			.isTrue();
	}

	@Test
	void theStreamsOfAConnectionTogetherKeepNoMoreThanItsQueuedBytes() throws Exception {
		AtomicBoolean overflowed = new AtomicBoolean();
		HttpConnection small = new HttpConnection("c2", null,
				new HttpTransportSettings(1 << 20, 10, 10, 1 << 20, 1024, 1 << 30, Duration.ofSeconds(10),
						Duration.ofMinutes(5), Duration.ofSeconds(15), 4, Duration.ofSeconds(10),
						Duration.ofSeconds(10), List.of()),
				new QueuedBytes(1 << 30, null), (connection) -> overflowed.set(true), () -> {
				});
		String payload = "x".repeat(600);
		for (String sessionId : List.of("sess_a", "sess_b")) {
			// a reader whose client takes nothing: its events stay queued
			EventStream stream = small.sessionStream(sessionId);
			AsyncContext context = mock(AsyncContext.class);
			ServletResponse response = mock(ServletResponse.class);
			given(context.getResponse()).willReturn(response);
			given(response.getOutputStream()).willReturn(mock(ServletOutputStream.class));
			assertThat(stream.attach(context, () -> small.sessionReaderGone(sessionId, stream))).isTrue();
		}
		small.send(("{\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"params\":{\"sessionId\":\"sess_a\",\"x\":\""
				+ payload + "\"}}")
			.getBytes(StandardCharsets.UTF_8));
		assertThat(overflowed).as("one stream within the connection's bound").isFalse();
		small.send(("{\"jsonrpc\":\"2.0\",\"method\":\"session/update\",\"params\":{\"sessionId\":\"sess_b\",\"x\":\""
				+ payload + "\"}}")
			.getBytes(StandardCharsets.UTF_8));
		assertThat(overflowed).as("two streams past the connection's bound together").isTrue();
	}

	@Test
	void aWaitForNoReaderEndsWhenTheLastReaderIsGone() throws Exception {
		EventStream stream = this.connection.sessionStream("sess_1");
		AsyncContext context = mock(AsyncContext.class);
		ServletResponse response = mock(ServletResponse.class);
		ServletOutputStream output = mock(ServletOutputStream.class);
		given(context.getResponse()).willReturn(response);
		given(response.getOutputStream()).willReturn(output);
		assertThat(stream.attach(context, () -> this.connection.sessionReaderGone("sess_1", stream))).isTrue();
		assertThat(this.connection.awaitNoReader(System.nanoTime())).isFalse();
		CompletableFuture<Boolean> none = CompletableFuture.supplyAsync(() -> {
			try {
				return this.connection.awaitNoReader(System.nanoTime() + TimeUnit.MINUTES.toNanos(1));
			}
			catch (InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		});
		stream.abort();
		assertThat(none.get(1, TimeUnit.MINUTES)).isTrue();
		then(context).should().complete();
	}

}
