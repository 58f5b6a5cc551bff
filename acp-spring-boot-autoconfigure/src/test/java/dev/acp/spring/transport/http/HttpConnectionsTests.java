package dev.acp.spring.transport.http;

import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.transport.websocket.ConnectionSlots;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.mockito.ArgumentCaptor;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.mockito.BDDMockito.willThrow;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;

/**
 * Tests of {@link HttpConnections}: admission, lookup, ending (on which threads, with
 * what drain), overflow of a connection's and the transport's queued bytes, housekeeping
 * and shutdown, on executors and a clock the tests drive.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ExtendWith(OutputCaptureExtension.class)
class HttpConnectionsTests {

	private static final byte[] NOTIFICATION = "{\"jsonrpc\":\"2.0\",\"method\":\"_x/n\"}"
		.getBytes(StandardCharsets.UTF_8);

	private final JsonRpcConnectionFactory factory = mock(JsonRpcConnectionFactory.class);

	private final ScheduledExecutorService timer = mock(ScheduledExecutorService.class);

	private final ScheduledFuture<?> housekeeping = mock(ScheduledFuture.class);

	private final ManualExecutor closers = new ManualExecutor();

	private final ManualExecutor drainers = new ManualExecutor();

	private final AtomicLong now = new AtomicLong(1_000_000_000L);

	private final SettingsBuilder settings = new SettingsBuilder();

	HttpConnectionsTests() {
		given(this.factory.open(anyString(), eq("http"), any())).willAnswer((invocation) -> {
			JsonRpcConnection rpc = mock(JsonRpcConnection.class);
			given(rpc.id()).willReturn(invocation.getArgument(0));
			return rpc;
		});
		willReturnHousekeeping();
	}

	@SuppressWarnings({ "unchecked", "rawtypes" })
	private void willReturnHousekeeping() {
		given(this.timer.scheduleWithFixedDelay(any(), anyLong(), anyLong(), any()))
			.willReturn((ScheduledFuture) this.housekeeping);
	}

	private HttpConnections connections() {
		return new HttpConnections(this.factory, this.settings.build(), this.timer, this.closers, this.drainers,
				this.now::get);
	}

	@Test
	void housekeepingRunsEveryQuarterOfTheShortestLimitWithin10MsAnd1s() {
		this.settings.keepAliveInterval = Duration.ofMillis(400);
		connections();
		then(this.timer).should().scheduleWithFixedDelay(any(), eq(100L), eq(100L), eq(TimeUnit.MILLISECONDS));
		this.settings.keepAliveInterval = Duration.ofSeconds(15);
		this.settings.idleTimeout = Duration.ofMillis(800);
		assertThat(HttpConnections.tickMillis(this.settings.build())).isEqualTo(200);
		this.settings.idleTimeout = Duration.ofMinutes(5);
		this.settings.sendTimeLimit = Duration.ofMillis(1200);
		assertThat(HttpConnections.tickMillis(this.settings.build())).isEqualTo(300);
		this.settings.sendTimeLimit = Duration.ofMillis(20);
		assertThat(HttpConnections.tickMillis(this.settings.build())).isEqualTo(10);
		this.settings.sendTimeLimit = Duration.ofMinutes(1);
		assertThat(HttpConnections.tickMillis(this.settings.build())).isEqualTo(1000);
	}

	@Test
	void housekeepingEndsTheIdleConnectionsByTheClock() {
		this.settings.idleTimeout = Duration.ofSeconds(60);
		HttpConnections connections = connections();
		HttpConnection connection = connections.open(null, null);
		ArgumentCaptor<Runnable> tick = ArgumentCaptor.forClass(Runnable.class);
		then(this.timer).should().scheduleWithFixedDelay(tick.capture(), anyLong(), anyLong(), any());
		this.now.addAndGet(Duration.ofSeconds(60).toNanos());
		tick.getValue().run();
		assertThat(connections.find(connection.id(), null)).as("idle for exactly the timeout").isSameAs(connection);
		this.now.incrementAndGet();
		tick.getValue().run();
		assertThat(connections.find(connection.id(), null)).as("idle past the timeout").isNull();
		assertThat(connections.size()).isZero();
		this.closers.runAll();
		then(this.factory).should().close(connection.connection(), this.settings.drainTimeout);
	}

	@Test
	void housekeepingSendsKeepAlivesToTheReaders() throws Exception {
		this.settings.keepAliveInterval = Duration.ofSeconds(15);
		this.settings.idleTimeout = Duration.ofSeconds(10);
		HttpConnections connections = connections();
		HttpConnection connection = connections.open(null, null);
		FakeOutput output = new FakeOutput();
		assertThat(connection.connectionStream().attach(output.context, connection::readerGone)).isTrue();
		output.listener.onWritePossible();
		connections.tick(this.now.get() + Duration.ofSeconds(16).toNanos());
		assertThat(output.text()).isEqualTo(":\n\n");
		assertThat(connections.find(connection.id(), null)).as("a connection with a reader is not idle")
			.isSameAs(connection);
	}

	@Test
	void theHousekeepingThreadsAreDaemonsNamedForTheTransport() {
		ThreadPoolExecutor timer = HttpConnections.timer();
		ThreadPoolExecutor closers = HttpConnections.closers();
		ThreadPoolExecutor drainers = HttpConnections.drainers();
		try {
			Thread timerThread = timer.getThreadFactory().newThread(() -> {
			});
			assertThat(timerThread.getName()).isEqualTo("acp-http-timer");
			assertThat(timerThread.isDaemon()).isTrue();
			Thread close1 = closers.getThreadFactory().newThread(() -> {
			});
			Thread close2 = closers.getThreadFactory().newThread(() -> {
			});
			assertThat(close1.getName()).isEqualTo("acp-http-close-1");
			assertThat(close2.getName()).isEqualTo("acp-http-close-2");
			assertThat(close1.isDaemon()).isTrue();
			assertThat(closers.getCorePoolSize()).isEqualTo(4);
			assertThat(closers.getMaximumPoolSize()).isEqualTo(4);
			assertThat(closers.allowsCoreThreadTimeOut()).isTrue();
			assertThat(closers.getKeepAliveTime(TimeUnit.SECONDS)).isEqualTo(30);
			Thread drain1 = drainers.getThreadFactory().newThread(() -> {
			});
			assertThat(drain1.getName()).isEqualTo("acp-http-drain-1");
			assertThat(drain1.isDaemon()).isTrue();
			assertThat(drainers.getCorePoolSize()).isZero();
			assertThat(drainers.getMaximumPoolSize()).isEqualTo(Integer.MAX_VALUE);
			assertThat(drainers.getQueue()).isInstanceOf(SynchronousQueue.class);
			assertThat(drainers.getKeepAliveTime(TimeUnit.SECONDS)).isEqualTo(30);
		}
		finally {
			timer.shutdownNow();
			closers.shutdownNow();
			drainers.shutdownNow();
		}
	}

	@Test
	void anOpenedConnectionCarriesItsPrincipalAndTheRequestBound() {
		this.settings.maxRequestsInFlight = 7;
		HttpConnections connections = connections();
		Principal principal = () -> "alice";
		HttpConnection connection = connections.open(principal, "alice");
		assertThat(connection.principalName()).isEqualTo("alice");
		then(this.factory).should().open(connection.id(), "http", connection);
		then(connection.connection()).should().setPrincipal(principal);
		then(connection.connection()).should().setMaxInFlight(7);
		assertThat(connections.size()).isOne();
		assertThat(connections.open(null, null).id()).isNotEqualTo(connection.id());
		assertThat(connections.size()).isEqualTo(2);
	}

	@Test
	void aConnectionIsFoundByItsIdForItsOwnPrincipalOnly() {
		HttpConnections connections = connections();
		HttpConnection alices = connections.open(null, "alice");
		HttpConnection anonymous = connections.open(null, null);
		assertThat(connections.find(alices.id(), "alice")).isSameAs(alices);
		assertThat(connections.find(alices.id(), "bob")).isNull();
		assertThat(connections.find(alices.id(), null)).isNull();
		assertThat(connections.find(anonymous.id(), null)).isSameAs(anonymous);
		assertThat(connections.find(anonymous.id(), "alice")).isNull();
		assertThat(connections.find("unknown", null)).isNull();
	}

	@Test
	void anEndedConnectionIsNotFoundEvenBeforeItIsRemoved() {
		HttpConnections connections = connections();
		HttpConnection connection = connections.open(null, null);
		assertThat(connection.end()).isTrue();
		assertThat(connections.find(connection.id(), null)).isNull();
	}

	@Test
	void pastTheSlotsNoConnectionIsOpenedAndAnEndedOneGivesItsSlotBack() {
		this.settings.maxConnections = 1;
		HttpConnections connections = connections();
		HttpConnection first = connections.open(null, null);
		assertThat(connections.open(null, null)).isNull();
		connections.end(first, Duration.ZERO, false);
		assertThat(connections.open(null, null)).isNotNull();
	}

	@Test
	void connectionsTakeTheSlotsTheyAreGiven() {
		HttpConnections connections = connections();
		ConnectionSlots shared = new ConnectionSlots(1);
		connections.setSlots(shared);
		assertThat(connections.open(null, null)).isNotNull();
		assertThat(shared.taken()).isOne();
		assertThat(connections.open(null, null)).isNull();
	}

	@Test
	void aConnectionThatCannotOpenGivesItsSlotBack() {
		this.settings.maxConnections = 1;
		HttpConnections connections = connections();
		given(this.factory.open(anyString(), eq("http"), any())).willThrow(new IllegalStateException("no"));
		assertThatIllegalStateException().isThrownBy(() -> connections.open(null, null));
		assertThat(connections.size()).isZero();
		given(this.factory.open(anyString(), eq("http"), any())).willReturn(mock(JsonRpcConnection.class));
		assertThat(connections.open(null, null)).isNotNull();
	}

	@Test
	void aConnectionWithNoRequestInFlightIsClosedByTheCloseThreadsAndItsStreamsFinish() {
		HttpConnections connections = connections();
		HttpConnection connection = connections.open(null, null);
		connection.send(NOTIFICATION);
		connections.end(connection, Duration.ofSeconds(10), false);
		assertThat(connection.isEnded()).isTrue();
		assertThat(connections.find(connection.id(), null)).isNull();
		assertThat(connections.size()).isZero();
		assertThat(this.drainers.pending()).isZero();
		assertThat(this.closers.pending()).isOne();
		then(this.factory).should(never()).close(any(), any());
		this.closers.runAll();
		then(connection.connection()).should().inputEnded();
		then(this.factory).should().close(connection.connection(), Duration.ofSeconds(10));
		assertThat(connection.connectionStream().hasQueued()).as("finished: kept for its reader").isTrue();
		assertThat(connection.connectionStream().offer(NOTIFICATION)).isTrue();
		assertThat(connection.expectInitializeAnswer("n:1")).isCompletedWithValue(null);
	}

	@Test
	void aConnectionWithRequestsInFlightDrainsOnAThreadOfItsOwn() {
		HttpConnections connections = connections();
		HttpConnection connection = connections.open(null, null);
		given(connection.connection().inFlightRequests()).willReturn(1);
		connections.end(connection, Duration.ofSeconds(10), false);
		assertThat(this.closers.pending()).isZero();
		assertThat(this.drainers.pending()).isOne();
		this.drainers.runAll();
		then(this.factory).should().close(connection.connection(), Duration.ofSeconds(10));
	}

	@Test
	void aConnectionWithoutDrainTimeWaitsForNothing() {
		HttpConnections connections = connections();
		HttpConnection zero = connections.open(null, null);
		given(zero.connection().inFlightRequests()).willReturn(1);
		connections.end(zero, Duration.ZERO, false);
		HttpConnection negative = connections.open(null, null);
		given(negative.connection().inFlightRequests()).willReturn(1);
		connections.end(negative, Duration.ofSeconds(-1), false);
		assertThat(this.drainers.pending()).isZero();
		assertThat(this.closers.pending()).isEqualTo(2);
	}

	@Test
	void anAbortedConnectionDropsWhatItsStreamsQueue() {
		HttpConnections connections = connections();
		HttpConnection connection = connections.open(null, null);
		given(connection.connection().inFlightRequests()).willReturn(1);
		connection.send(NOTIFICATION);
		connections.end(connection, Duration.ofSeconds(10), true);
		assertThat(this.drainers.pending()).isZero();
		this.closers.runAll();
		then(this.factory).should().close(connection.connection(), Duration.ZERO);
		assertThat(connection.connectionStream().hasQueued()).isFalse();
		assertThat(connection.queuedBytes()).isZero();
	}

	@Test
	void aConnectionIsEndedOnce() {
		HttpConnections connections = connections();
		HttpConnection connection = connections.open(null, null);
		connections.end(connection, Duration.ZERO, false);
		connections.end(connection, Duration.ZERO, true);
		assertThat(this.closers.pending()).isOne();
	}

	@Test
	void aConnectionEndedAfterTheShutdownIsClosedAtOnceAndAborted() {
		HttpConnections connections = connections();
		HttpConnection connection = connections.open(null, null);
		connection.send(NOTIFICATION);
		this.closers.shutdown();
		connections.end(connection, Duration.ofSeconds(10), false);
		then(this.factory).should().close(connection.connection(), Duration.ZERO);
		assertThat(connection.connectionStream().hasQueued()).isFalse();
	}

	@Test
	void aFailureToCloseAConnectionIsLoggedAndItsStreamsStillEnd(CapturedOutput output) {
		HttpConnections connections = connections();
		HttpConnection connection = connections.open(null, null);
		willThrow(new IllegalStateException("close failed")).given(this.factory)
			.close(connection.connection(), Duration.ZERO);
		connection.send(NOTIFICATION);
		connections.end(connection, Duration.ZERO, true);
		this.closers.runAll();
		assertThat(output.getOut() + output.getErr()).contains("Closing HTTP connection " + connection.id() + " failed")
			.contains("close failed");
		assertThat(connection.connectionStream().hasQueued()).isFalse();
	}

	@Test
	void aConnectionWhoseStreamsQueueMoreThanItsBoundIsClosedAtOnce(CapturedOutput output) {
		this.settings.maxQueuedBytes = NOTIFICATION.length + 8;
		HttpConnections connections = connections();
		HttpConnection connection = connections.open(null, null);
		connection.send(NOTIFICATION);
		assertThat(connections.find(connection.id(), null)).as("within its bound").isSameAs(connection);
		connection.send(NOTIFICATION);
		assertThat(connections.find(connection.id(), null)).as("past its bound").isNull();
		assertThat(output.getOut() + output.getErr()).contains("Closing HTTP connection " + connection.id()
				+ ": its event streams queue more than " + (NOTIFICATION.length + 8) + " bytes");
		this.closers.runAll();
		then(this.factory).should().close(connection.connection(), Duration.ZERO);
		assertThat(connection.queuedBytes()).isZero();
	}

	@Test
	void pastTheTransportsBoundTheConnectionThatQueuesTheMostIsClosedAndItsBytesFreedAtOnce(CapturedOutput output) {
		int event = NOTIFICATION.length + 8;
		this.settings.maxQueuedTotalBytes = 4L * event;
		HttpConnections connections = connections();
		HttpConnection small = connections.open(null, null);
		HttpConnection large = connections.open(null, null);
		HttpConnection empty = connections.open(null, null);
		small.send(NOTIFICATION);
		large.send(NOTIFICATION);
		large.send(NOTIFICATION);
		small.send(NOTIFICATION);
		assertThat(connections.size()).as("exactly at the transport's bound").isEqualTo(3);
		large.send(NOTIFICATION);
		assertThat(connections.find(large.id(), null)).isNull();
		assertThat(large.queuedBytes()).as("freed before the send returns").isZero();
		assertThat(connections.find(small.id(), null)).isSameAs(small);
		assertThat(connections.find(empty.id(), null)).isSameAs(empty);
		assertThat(small.queuedBytes()).isEqualTo(2L * event);
		assertThat(output.getOut() + output.getErr()).contains("Closing HTTP connection " + large.id()
				+ ": it queues the most (" + (3L * event) + " bytes) while the event streams of all connections"
				+ " queue more than " + (4L * event) + " bytes");
	}

	@Test
	void pastTheTransportsBoundOnlyOpenConnectionsThatQueueAnythingAreClosed() {
		int event = NOTIFICATION.length + 8;
		this.settings.maxQueuedTotalBytes = 2L * event;
		HttpConnections connections = connections();
		HttpConnection ended = connections.open(null, null);
		HttpConnection empty = connections.open(null, null);
		ended.send(NOTIFICATION);
		ended.send(NOTIFICATION);
		// ended, its streams kept for their readers: it is no longer among the open ones
		connections.end(ended, Duration.ZERO, false);
		HttpConnection sender = connections.open(null, null);
		sender.send(NOTIFICATION);
		assertThat(connections.find(sender.id(), null)).isNull();
		assertThat(connections.find(empty.id(), null)).as("queues nothing").isSameAs(empty);
		assertThat(ended.queuedBytes()).isEqualTo(2L * event);
	}

	@Test
	void shutdownRefusesNewConnectionsEndsEveryOneAndAbortsTheirStreams() throws Exception {
		this.closers.direct();
		HttpConnections connections = connections();
		assertThat(connections.isAccepting()).isTrue();
		HttpConnection connection = connections.open(null, null);
		connection.send(NOTIFICATION);
		FakeOutput output = new FakeOutput();
		EventStream stream = connection.sessionStream("sess_1");
		assertThat(stream.attach(output.context, () -> connection.sessionReaderGone("sess_1", stream))).isTrue();
		connections.shutdown(Duration.ofSeconds(3));
		assertThat(connections.isAccepting()).isFalse();
		assertThat(connections.open(null, null)).isNull();
		then(this.factory).should().close(connection.connection(), Duration.ofSeconds(3));
		assertThat(connection.connectionStream().hasQueued()).as("aborted").isFalse();
		assertThat(stream.hasReceiver()).isFalse();
		then(output.context).should().complete();
		then(this.housekeeping).should().cancel(false);
		then(this.timer).should().shutdownNow();
		assertThat(this.closers.isShutdown()).isTrue();
		assertThat(this.drainers.isShutdown()).isTrue();
	}

}
