package dev.acp.spring.transport.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.then;
import static org.mockito.BDDMockito.willThrow;
import static org.mockito.Mockito.never;

/**
 * Tests of {@link EventStream}: server-sent event framing, what waits for a reader, how a
 * reader takes it under non-blocking output, when a reader is detached, keep-alives, and
 * the end of a stream.
 *
 * @author ACP Spring Boot Starter contributors
 */
class EventStreamTests {

	private static final byte[] FRAME = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);

	/** {@code data: {"a":1}\n\n}. */
	private static final int EVENT = FRAME.length + 8;

	private final AtomicLong now = new AtomicLong(5_000_000_000L);

	private final QueuedBytes transport = new QueuedBytes(1 << 30, null);

	private final QueuedBytes connection = new QueuedBytes(10L * EVENT, this.transport);

	private final AtomicInteger gone = new AtomicInteger();

	private EventStream stream(long sendBufferSize) {
		return new EventStream("test", sendBufferSize, this.connection, this.now::get);
	}

	private FakeOutput attach(EventStream stream) throws IOException {
		FakeOutput output = new FakeOutput();
		assertThat(stream.attach(output.context, this.gone::incrementAndGet)).isTrue();
		return output;
	}

	@Test
	void eventsWaitForTheFirstReaderFramedAsServerSentEvents() throws Exception {
		EventStream stream = stream(1 << 20);
		assertThat(stream.hasQueued()).isFalse();
		assertThat(stream.offer(FRAME)).isTrue();
		assertThat(stream.offer("{\"b\":2}".getBytes(StandardCharsets.UTF_8))).isTrue();
		assertThat(stream.hasQueued()).isTrue();
		assertThat(stream.queuedBytes()).isEqualTo(2L * EVENT);
		assertThat(this.connection.get()).isEqualTo(2L * EVENT);
		assertThat(this.transport.get()).isEqualTo(2L * EVENT);
		FakeOutput output = attach(stream);
		assertThat(stream.hasReceiver()).isTrue();
		assertThat(output.text()).as("nothing before the container says it may write").isEmpty();
		output.listener.onWritePossible();
		assertThat(output.text()).isEqualTo("data: {\"a\":1}\n\ndata: {\"b\":2}\n\n");
		assertThat(output.flushes).isOne();
		assertThat(stream.hasQueued()).isFalse();
		assertThat(stream.queuedBytes()).isZero();
		assertThat(this.connection.get()).isZero();
		assertThat(this.transport.get()).isZero();
	}

	@Test
	void aReaderTakesEachLaterEventAsItComesAndFlushesIt() throws Exception {
		EventStream stream = stream(1 << 20);
		FakeOutput output = attach(stream);
		output.listener.onWritePossible();
		assertThat(output.flushes).as("the response's headers go out at once").isOne();
		stream.offer(FRAME);
		assertThat(output.text()).isEqualTo("data: {\"a\":1}\n\n");
		assertThat(output.flushes).isEqualTo(2);
		assertThat(stream.queuedBytes()).isZero();
	}

	@Test
	void whatTheClientDoesNotTakeWaitsUntilItIsReadyAgain() throws Exception {
		EventStream stream = stream(1 << 20);
		FakeOutput output = attach(stream);
		output.ready = false;
		stream.offer(FRAME);
		assertThat(output.text()).isEmpty();
		assertThat(stream.queuedBytes()).isEqualTo(EVENT);
		output.ready = true;
		output.listener.onWritePossible();
		assertThat(output.text()).isEqualTo("data: {\"a\":1}\n\n");
		assertThat(stream.queuedBytes()).isZero();
	}

	@Test
	void aReaderMoreThanTheSendBufferBehindIsDetachedAndTheEventsWaitForTheNext() throws Exception {
		EventStream stream = stream(2L * EVENT);
		FakeOutput slow = attach(stream);
		slow.ready = false;
		stream.offer(FRAME);
		stream.offer(FRAME);
		stream.offer(FRAME);
		assertThat(stream.hasReceiver()).as("two events behind the one being written: at the buffer").isTrue();
		stream.offer(FRAME);
		assertThat(stream.hasReceiver()).as("three behind: past the buffer").isFalse();
		then(slow.context).should().complete();
		assertThat(this.gone).hasValue(1);
		assertThat(stream.queuedBytes()).isEqualTo(4L * EVENT);
		FakeOutput next = attach(stream);
		next.listener.onWritePossible();
		assertThat(next.text()).isEqualTo("data: {\"a\":1}\n\n".repeat(4));
	}

	@Test
	void anOfferPastTheConnectionsBoundOverflowsButIsKept() {
		EventStream stream = stream(1 << 20);
		for (int i = 0; i < 10; i++) {
			assertThat(stream.offer(FRAME)).as("within the bound").isTrue();
		}
		assertThat(stream.offer(FRAME)).as("past the bound").isFalse();
		assertThat(stream.queuedBytes()).isEqualTo(11L * EVENT);
	}

	@Test
	void aStreamThatIsNotReadAndHoldsNothingRefusesAnOfferedMessage() throws Exception {
		EventStream stream = stream(1 << 20);
		assertThat(stream.offerIfRead(FRAME)).isEqualTo(EventStream.Offer.REFUSED);
		assertThat(stream.hasQueued()).isFalse();
		FakeOutput output = attach(stream);
		output.ready = false;
		assertThat(stream.offerIfRead(FRAME)).as("read").isEqualTo(EventStream.Offer.KEPT);
		output.asyncListener().onComplete(null);
		assertThat(stream.offerIfRead(FRAME)).as("not read, holding events").isEqualTo(EventStream.Offer.KEPT);
		for (int i = 0; i < 8; i++) {
			stream.offer(FRAME);
		}
		assertThat(stream.offerIfRead(FRAME)).as("past the bound").isEqualTo(EventStream.Offer.OVERFLOWED);
	}

	@Test
	void onlyAStreamWithNoReaderAndNothingQueuedIsDropped() throws Exception {
		EventStream held = stream(1 << 20);
		held.offer(FRAME);
		assertThat(held.dropIfUnread()).isFalse();
		assertThat(held.isDropped()).isFalse();
		EventStream read = stream(1 << 20);
		attach(read);
		assertThat(read.dropIfUnread()).isFalse();
		EventStream unread = stream(1 << 20);
		assertThat(unread.isDropped()).isFalse();
		assertThat(unread.dropIfUnread()).isTrue();
		assertThat(unread.isDropped()).isTrue();
		assertThat(unread.offerIfRead(FRAME)).isEqualTo(EventStream.Offer.REFUSED);
		assertThat(unread.attach(new FakeOutput().context, this.gone::incrementAndGet)).isFalse();
	}

	@Test
	void aStreamTakesOneReaderAtATime() throws Exception {
		EventStream stream = stream(1 << 20);
		FakeOutput first = attach(stream);
		FakeOutput second = new FakeOutput();
		assertThat(stream.attach(second.context, this.gone::incrementAndGet)).isFalse();
		then(second.context).should(never()).addListener(org.mockito.ArgumentMatchers.any());
		first.asyncListener().onComplete(null);
		assertThat(stream.hasReceiver()).isFalse();
		assertThat(this.gone).hasValue(1);
		attach(stream);
	}

	@Test
	void aFinishedStreamEndsItsReaderOnceItTookWhatIsQueuedAndTakesNoMore() throws Exception {
		EventStream stream = stream(1 << 20);
		FakeOutput output = attach(stream);
		output.ready = false;
		stream.offer(FRAME);
		stream.finish();
		then(output.context).should(never()).complete();
		output.ready = true;
		output.listener.onWritePossible();
		assertThat(output.text()).isEqualTo("data: {\"a\":1}\n\n");
		then(output.context).should().complete();
		assertThat(this.gone).hasValue(1);
		assertThat(stream.offer(FRAME)).isTrue();
		assertThat(stream.hasQueued()).isFalse();
		assertThat(stream.attach(new FakeOutput().context, this.gone::incrementAndGet)).isFalse();
	}

	@Test
	void aFinishedStreamWithoutReaderKeepsWhatIsQueued() {
		EventStream stream = stream(1 << 20);
		stream.offer(FRAME);
		stream.finish();
		assertThat(stream.queuedBytes()).isEqualTo(EVENT);
	}

	@Test
	void anAbortedStreamEndsItsReaderAndDropsWhatItHeld() throws Exception {
		EventStream stream = stream(1 << 20);
		FakeOutput output = attach(stream);
		output.ready = false;
		stream.offer(FRAME);
		stream.offer(FRAME);
		stream.abort();
		then(output.context).should().complete();
		assertThat(this.gone).hasValue(1);
		assertThat(stream.hasQueued()).isFalse();
		assertThat(stream.queuedBytes()).isZero();
		assertThat(this.connection.get()).isZero();
		assertThat(stream.offer(FRAME)).isTrue();
		assertThat(stream.hasQueued()).isFalse();
	}

	@Test
	void aReaderWhoseClientFailsIsGoneOnce() throws Exception {
		EventStream stream = stream(1 << 20);
		FakeOutput output = attach(stream);
		output.failure = new IOException("broken pipe");
		stream.offer(FRAME);
		assertThat(stream.hasReceiver()).isFalse();
		then(output.context).should().complete();
		assertThat(this.gone).hasValue(1);
		output.asyncListener().onError(new jakarta.servlet.AsyncEvent(output.context));
		output.listener.onError(new IOException("again"));
		assertThat(this.gone).hasValue(1);
	}

	@Test
	void eachWayTheContainerEndsTheResponseMakesTheReaderGone() throws Exception {
		EventStream stream = stream(1 << 20);
		attach(stream).listener.onError(new IOException("reset"));
		assertThat(stream.hasReceiver()).isFalse();
		attach(stream).asyncListener().onTimeout(null);
		assertThat(stream.hasReceiver()).isFalse();
		attach(stream).asyncListener().onError(null);
		assertThat(stream.hasReceiver()).isFalse();
		FakeOutput started = attach(stream);
		started.asyncListener().onStartAsync(null);
		assertThat(stream.hasReceiver()).isTrue();
		assertThat(this.gone).hasValue(3);
	}

	@Test
	void aReaderWhoseResponseCannotCompleteIsGoneAllTheSame() throws Exception {
		EventStream stream = stream(1 << 20);
		FakeOutput output = attach(stream);
		willThrow(new IllegalStateException("already completed")).given(output.context).complete();
		stream.abort();
		assertThat(stream.hasReceiver()).isFalse();
		assertThat(this.gone).hasValue(1);
	}

	@Test
	void aReaderThatMakesNoProgressPastTheSendTimeLimitIsDetached() throws Exception {
		EventStream stream = stream(1 << 20);
		FakeOutput output = attach(stream);
		output.ready = false;
		stream.offer(FRAME);
		stream.tick(this.now.get() + 100, 100, 1_000_000);
		assertThat(stream.hasReceiver()).as("no progress for exactly the limit").isTrue();
		stream.tick(this.now.get() + 101, 100, 1_000_000);
		assertThat(stream.hasReceiver()).isFalse();
		assertThat(stream.queuedBytes()).as("kept for the next reader").isEqualTo(EVENT);
	}

	@Test
	void aReaderThatHasNotFlushedCountsAsBehind() throws Exception {
		EventStream stream = stream(1 << 20);
		FakeOutput output = attach(stream);
		output.ready = false;
		stream.tick(this.now.get() + 101, 100, 50);
		assertThat(stream.hasReceiver()).isFalse();
		assertThat(output.text()).isEmpty();
	}

	@Test
	void progressRestartsTheSendTimeLimit() throws Exception {
		EventStream stream = stream(1 << 20);
		FakeOutput output = attach(stream);
		output.ready = false;
		stream.offer(FRAME);
		stream.offer(FRAME);
		this.now.addAndGet(80);
		output.ready = true;
		output.listener.onWritePossible();
		output.ready = false;
		stream.offer(FRAME);
		stream.tick(this.now.get() + 100, 100, 1_000_000);
		assertThat(stream.hasReceiver()).isTrue();
	}

	@Test
	void anIdleReaderGetsAKeepAliveCommentPastTheInterval() throws Exception {
		EventStream stream = stream(1 << 20);
		FakeOutput output = attach(stream);
		output.listener.onWritePossible();
		stream.tick(this.now.get() + 50, 10, 50);
		assertThat(output.text()).as("idle for exactly the interval").isEmpty();
		stream.tick(this.now.get() + 51, 10, 50);
		assertThat(output.text()).isEqualTo(":\n\n");
		assertThat(stream.hasReceiver()).isTrue();
		assertThat(stream.queuedBytes()).isZero();
		assertThat(this.connection.get()).isZero();
	}

	@Test
	void aStreamWithoutReaderIsLeftAloneByTheTimer() {
		EventStream stream = stream(1 << 20);
		stream.offer(FRAME);
		stream.tick(Long.MAX_VALUE, 0, 0);
		assertThat(stream.queuedBytes()).isEqualTo(EVENT);
	}

}
