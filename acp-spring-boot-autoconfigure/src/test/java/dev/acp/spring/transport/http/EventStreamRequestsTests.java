package dev.acp.spring.transport.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;

/**
 * Tests of {@link EventStreamRequests}: the status of each {@code GET}, the headers of an
 * event stream, which stream a {@code GET} reads, and what happens when its reader
 * leaves.
 *
 * @author ACP Spring Boot Starter contributors
 */
class EventStreamRequestsTests {

	private static final byte[] NOTIFICATION = "{\"jsonrpc\":\"2.0\",\"method\":\"_x/n\"}"
		.getBytes(StandardCharsets.UTF_8);

	private final JsonRpcConnectionFactory factory = mock(JsonRpcConnectionFactory.class);

	private final SettingsBuilder settings = new SettingsBuilder();

	private HttpConnections connections;

	private EventStreamRequests requests;

	EventStreamRequestsTests() {
		given(this.factory.open(anyString(), eq("http"), any()))
			.willAnswer((invocation) -> mock(JsonRpcConnection.class));
		build();
	}

	private void build() {
		this.connections = new HttpConnections(this.factory, this.settings.build(),
				mock(ScheduledExecutorService.class), new ManualExecutor(), new ManualExecutor(), System::nanoTime);
		this.requests = new EventStreamRequests(this.connections);
	}

	private Exchange get(String... headers) throws IOException {
		return getAs(null, headers);
	}

	private Exchange getAs(String principalName, String... headers) throws IOException {
		Exchange exchange = new Exchange();
		exchange.request.addHeader("Accept", "text/event-stream");
		for (int i = 0; i < headers.length; i += 2) {
			if (headers[i].equals("Accept")) {
				exchange.request.removeHeader("Accept");
			}
		}
		for (int i = 0; i < headers.length; i += 2) {
			if (headers[i + 1] != null) {
				exchange.request.addHeader(headers[i], headers[i + 1]);
			}
		}
		this.requests.get(exchange.request, exchange.response, principalName);
		return exchange;
	}

	@Test
	void aGetOpensTheConnectionsEventStream() throws Exception {
		HttpConnection connection = this.connections.open(null, null);
		connection.send(NOTIFICATION);
		Exchange exchange = get(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id());
		assertThat(exchange.response.getStatus()).isEqualTo(200);
		assertThat(exchange.response.getContentType()).isEqualTo("text/event-stream");
		assertThat(exchange.response.getHeader("Cache-Control")).isEqualTo("no-cache");
		assertThat(exchange.response.getHeader("X-Accel-Buffering")).isEqualTo("no");
		assertThat(exchange.request.isAsyncStarted()).isTrue();
		assertThat(exchange.request.getAsyncContext().getTimeout()).isZero();
		assertThat(connection.connectionStream().hasReceiver()).isTrue();
		exchange.response.listener.onWritePossible();
		assertThat(exchange.response.getContentAsString())
			.isEqualTo("data: {\"jsonrpc\":\"2.0\",\"method\":\"_x/n\"}\n\n");
	}

	@Test
	void aGetWithASessionIdOpensThatSessionsStream() throws Exception {
		HttpConnection connection = this.connections.open(null, null);
		Exchange exchange = get(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id(),
				StreamableHttpHandler.SESSION_ID_HEADER, "sess_1");
		assertThat(exchange.response.getStatus()).isEqualTo(200);
		assertThat(connection.connectionStream().hasReceiver()).isFalse();
		assertThat(connection.sessionStream("sess_1").hasReceiver()).isTrue();
	}

	@Test
	void aSessionStreamWhoseReaderLeftWithNothingQueuedIsDroppedAndTheConnectionTouched() throws Exception {
		this.settings.idleTimeout = Duration.ofSeconds(60);
		build();
		HttpConnection connection = this.connections.open(null, null);
		Exchange exchange = get(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id(),
				StreamableHttpHandler.SESSION_ID_HEADER, "sess_1");
		EventStream stream = connection.sessionStream("sess_1");
		long before = System.nanoTime();
		exchange.request.getAsyncContext().complete();
		assertThat(stream.isDropped()).isTrue();
		assertThat(connection.sessionStream("sess_1")).isNotSameAs(stream);
		assertThat(connection.isIdle(before + Duration.ofSeconds(60).toNanos())).isFalse();
	}

	@Test
	void theConnectionStreamsReaderLeavingTouchesTheConnection() throws Exception {
		this.settings.idleTimeout = Duration.ofSeconds(60);
		build();
		HttpConnection connection = this.connections.open(null, null);
		Exchange exchange = get(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id());
		long before = System.nanoTime();
		exchange.request.getAsyncContext().complete();
		assertThat(connection.connectionStream().hasReceiver()).isFalse();
		assertThat(connection.awaitNoReader(System.nanoTime())).isTrue();
		assertThat(connection.isIdle(before + Duration.ofSeconds(60).toNanos())).isFalse();
	}

	@Test
	void aGetNeedsAConnectionId() throws Exception {
		Exchange exchange = get();
		assertThat(exchange.response.getStatus()).isEqualTo(400);
		assertThat(exchange.response.getContentAsString())
			.isEqualTo("Missing Acp-Connection-Id (or Upgrade: websocket)");
		assertThat(exchange.request.isAsyncStarted()).isFalse();
	}

	@Test
	void aGetMustAcceptAnEventStream() throws Exception {
		HttpConnection connection = this.connections.open(null, null);
		for (String accept : new String[] { null, "application/json", "text/*", "not/a;;=type=" }) {
			Exchange exchange = get(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id(), "Accept", accept);
			assertThat(exchange.response.getStatus()).as(accept).isEqualTo(406);
			assertThat(exchange.response.getContentAsString()).isEqualTo("Accept must include text/event-stream");
		}
		Exchange listed = get(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id(), "Accept",
				"application/json, text/event-stream;q=0.9");
		assertThat(listed.response.getStatus()).isEqualTo(200);
	}

	@Test
	void anEventStreamAmongSeveralAcceptHeadersIsAccepted() throws Exception {
		HttpConnection connection = this.connections.open(null, null);
		Exchange exchange = new Exchange();
		exchange.request.addHeader("Accept", "application/json");
		exchange.request.addHeader("Accept", "text/event-stream");
		exchange.request.addHeader(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id());
		this.requests.get(exchange.request, exchange.response, null);
		assertThat(exchange.response.getStatus()).isEqualTo(200);
	}

	@Test
	void aGetOfAnUnknownOrAnotherPrincipalsConnectionIsNotFound() throws Exception {
		HttpConnection connection = this.connections.open(null, "alice");
		assertThat(getAs("bob", StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id()).response.getStatus())
			.isEqualTo(404);
		Exchange unknown = get(StreamableHttpHandler.CONNECTION_ID_HEADER, "unknown");
		assertThat(unknown.response.getStatus()).isEqualTo(404);
		assertThat(unknown.response.getContentAsString()).isEqualTo("Unknown Acp-Connection-Id");
		assertThat(getAs("alice", StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id()).response.getStatus())
			.isEqualTo(200);
	}

	@Test
	void pastTheSessionStreamsOfAConnectionAGetIsTooMany() throws Exception {
		this.settings.maxSessionStreams = 1;
		build();
		HttpConnection connection = this.connections.open(null, null);
		get(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id(), StreamableHttpHandler.SESSION_ID_HEADER,
				"sess_1");
		Exchange exchange = get(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id(),
				StreamableHttpHandler.SESSION_ID_HEADER, "sess_2");
		assertThat(exchange.response.getStatus()).isEqualTo(429);
		assertThat(exchange.response.getContentAsString()).isEqualTo("Too many session streams on this connection");
		assertThat(exchange.request.isAsyncStarted()).isFalse();
	}

	@Test
	void aSecondReaderOfAStreamConflicts() throws Exception {
		HttpConnection connection = this.connections.open(null, null);
		Exchange first = get(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id());
		Exchange second = get(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id());
		assertThat(second.response.getStatus()).isEqualTo(409);
		assertThat(second.response.getContentAsString()).isEqualTo("The stream already has a reader");
		assertThat(second.response.getContentType()).isEqualTo("text/plain;charset=UTF-8");
		assertThat(second.response.getHeader("X-Accel-Buffering")).as("reset").isNull();
		assertThat(second.request.isAsyncStarted()).as("completed").isFalse();
		assertThat(first.request.isAsyncStarted()).isTrue();
		Exchange session = get(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id(),
				StreamableHttpHandler.SESSION_ID_HEADER, "sess_1");
		Exchange sessionAgain = get(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id(),
				StreamableHttpHandler.SESSION_ID_HEADER, "sess_1");
		assertThat(session.response.getStatus()).isEqualTo(200);
		assertThat(sessionAgain.response.getStatus()).isEqualTo(409);
	}

	@Test
	void aGetOfAConnectionThatEndsMeanwhileIsNotFound() throws Exception {
		HttpConnection connection = this.connections.open(null, null);
		connection.finishStreams();
		Exchange exchange = get(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id());
		assertThat(exchange.response.getStatus()).as("finished stream, connection not ended yet").isEqualTo(409);
		connection.end();
		HttpConnections found = mock(HttpConnections.class);
		given(found.find(connection.id(), null)).willReturn(connection);
		EventStreamRequests racing = new EventStreamRequests(found);
		Exchange connectionStream = new Exchange();
		connectionStream.request.addHeader("Accept", "text/event-stream");
		connectionStream.request.addHeader(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id());
		racing.get(connectionStream.request, connectionStream.response, null);
		assertThat(connectionStream.response.getStatus()).isEqualTo(404);
		assertThat(connectionStream.request.isAsyncStarted()).isFalse();
		Exchange sessionStream = new Exchange();
		sessionStream.request.addHeader("Accept", "text/event-stream");
		sessionStream.request.addHeader(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id());
		sessionStream.request.addHeader(StreamableHttpHandler.SESSION_ID_HEADER, "sess_1");
		racing.get(sessionStream.request, sessionStream.response, null);
		assertThat(sessionStream.response.getStatus()).isEqualTo(404);
		assertThat(sessionStream.response.getContentAsString()).isEqualTo("Unknown Acp-Connection-Id");
	}

	@Test
	void aSessionStreamDroppedJustBeforeItsReaderAttachesIsReplaced() throws Exception {
		HttpConnection real = this.connections.open(null, null);
		EventStream dropped = real.sessionStream("sess_1");
		assertThat(dropped.dropIfUnread()).isTrue();
		EventStream next = new EventStream("next", 1 << 20, new QueuedBytes(1 << 20, null));
		HttpConnection connection = mock(HttpConnection.class);
		given(connection.sessionStream("sess_1")).willReturn(dropped, next);
		HttpConnections found = mock(HttpConnections.class);
		given(found.find("c", null)).willReturn(connection);
		Exchange exchange = new Exchange();
		exchange.request.addHeader("Accept", "text/event-stream");
		exchange.request.addHeader(StreamableHttpHandler.CONNECTION_ID_HEADER, "c");
		exchange.request.addHeader(StreamableHttpHandler.SESSION_ID_HEADER, "sess_1");
		new EventStreamRequests(found).get(exchange.request, exchange.response, null);
		assertThat(exchange.response.getStatus()).isEqualTo(200);
		assertThat(next.hasReceiver()).isTrue();
	}

	@Test
	void aConnectionStreamIsNeverReplaced() throws Exception {
		HttpConnection real = this.connections.open(null, null);
		EventStream stream = real.connectionStream();
		stream.dropIfUnread();
		HttpConnection connection = mock(HttpConnection.class);
		given(connection.connectionStream()).willReturn(stream);
		HttpConnections found = mock(HttpConnections.class);
		given(found.find("c", null)).willReturn(connection);
		Exchange exchange = new Exchange();
		exchange.request.addHeader("Accept", "text/event-stream");
		exchange.request.addHeader(StreamableHttpHandler.CONNECTION_ID_HEADER, "c");
		new EventStreamRequests(found).get(exchange.request, exchange.response, null);
		assertThat(exchange.response.getStatus()).isEqualTo(409);
		then(connection).should(never()).sessionStream(any());
	}

	/**
	 * A {@code GET} whose response takes non-blocking output.
	 */
	static final class Exchange {

		final StreamingResponse response = new StreamingResponse();

		final MockHttpServletRequest request = new MockHttpServletRequest("GET", "/acp") {

			@Override
			public AsyncContext startAsync() {
				return startAsync(this, Exchange.this.response);
			}

		};

		Exchange() {
			this.request.setAsyncSupported(true);
		}

	}

	/**
	 * A response whose output takes a write listener (the mock's does not).
	 */
	static final class StreamingResponse extends MockHttpServletResponse {

		WriteListener listener;

		@Override
		public ServletOutputStream getOutputStream() {
			ServletOutputStream content = super.getOutputStream();
			return new ServletOutputStream() {

				@Override
				public boolean isReady() {
					return true;
				}

				@Override
				public void setWriteListener(WriteListener writeListener) {
					StreamingResponse.this.listener = writeListener;
				}

				@Override
				public void write(int b) throws IOException {
					content.write(b);
				}

				@Override
				public void write(byte[] b, int off, int len) throws IOException {
					content.write(b, off, len);
				}

				@Override
				public void flush() throws IOException {
					content.flush();
				}

			};
		}

	}

}
