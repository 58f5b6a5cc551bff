package dev.acp.spring.transport.stdio;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link NdjsonWriter}.
 */
class NdjsonWriterTests {

	private static final int BUFFER_SIZE = 64 * 1024;

	private final JsonMapper mapper = JsonMapper.builder().build();

	private final AtomicInteger failures = new AtomicInteger();

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * A JSON string frame of exactly the given length in bytes.
	 */
	private static byte[] frameOfLength(int length, char fill) {
		return bytes("\"" + String.valueOf(fill).repeat(length - 2) + "\"");
	}

	@Test
	void eachFrameIsWrittenAsOneLineAndFlushedBeforeSendReturns() {
		RecordingOutputStream out = new RecordingOutputStream();
		NdjsonWriter writer = new NdjsonWriter(out, this.failures::incrementAndGet);
		writer.send(bytes("{\"a\":1}"));
		assertThat(out.text()).isEqualTo("{\"a\":1}\n");
		assertThat(out.flushes).isEqualTo(1);
		writer.send(bytes("{\"b\":2}"));
		assertThat(out.text()).isEqualTo("{\"a\":1}\n{\"b\":2}\n");
		assertThat(out.flushes).isEqualTo(2);
		assertThat(this.failures).hasValue(0);
	}

	@Test
	void framesLargerThanTheBufferAreWrittenWholeAndInOrder() {
		RecordingOutputStream out = new RecordingOutputStream();
		NdjsonWriter writer = new NdjsonWriter(out, this.failures::incrementAndGet);
		List<byte[]> frames = List.of(bytes("{\"small\":1}"), frameOfLength(200 * 1024, 'a'), bytes("{\"small\":2}"),
				frameOfLength(BUFFER_SIZE - 1, 'b'), frameOfLength(BUFFER_SIZE, 'c'),
				frameOfLength(BUFFER_SIZE + 1, 'd'), bytes("{\"small\":3}"));
		frames.forEach(writer::send);
		ByteArrayOutputStream expected = new ByteArrayOutputStream();
		for (byte[] frame : frames) {
			expected.writeBytes(frame);
			expected.write('\n');
		}
		assertThat(out.bytes()).isEqualTo(expected.toByteArray());
		assertThat(this.failures).hasValue(0);
	}

	@Test
	void framesSentFromManyThreadsAreCompleteLinesWrittenExactlyOnceInEachSendersOrder() throws Exception {
		int threads = 8;
		int perThread = 400;
		RecordingOutputStream out = new RecordingOutputStream();
		NdjsonWriter writer = new NdjsonWriter(out, this.failures::incrementAndGet);
		ExecutorService executor = Executors.newFixedThreadPool(threads);
		try {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<?>> senders = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				int thread = t;
				senders.add(executor.submit(() -> {
					start.await();
					for (int n = 0; n < perThread; n++) {
						int padding = (n % 97 == 0) ? 70_000 : (n * 31 + thread * 7) % 500;
						writer.send(bytes(
								"{\"t\":" + thread + ",\"n\":" + n + ",\"pad\":\"" + "p".repeat(padding) + "\"}"));
					}
					return null;
				}));
			}
			start.countDown();
			for (Future<?> sender : senders) {
				sender.get(30, TimeUnit.SECONDS);
			}
		}
		finally {
			executor.shutdownNow();
		}
		// every send has returned: nothing may be left unwritten
		String text = out.text();
		assertThat(text).endsWith("\n");
		String[] lines = text.substring(0, text.length() - 1).split("\n", -1);
		assertThat(lines).hasSize(threads * perThread);
		Map<Integer, Integer> lastPerThread = new HashMap<>();
		Set<String> seen = new HashSet<>();
		for (String line : lines) {
			JsonNode node = this.mapper.readTree(line);
			int thread = node.get("t").intValue();
			int n = node.get("n").intValue();
			assertThat(seen.add(thread + ":" + n)).as("frame %d of thread %d once", n, thread).isTrue();
			assertThat(n).as("order of thread %d", thread).isEqualTo(lastPerThread.getOrDefault(thread, -1) + 1);
			lastPerThread.put(thread, n);
		}
		assertThat(seen).hasSize(threads * perThread);
		assertThat(this.failures).hasValue(0);
	}

	@Test
	void anIOExceptionMakesLaterSendsNoOpsAndCallsTheFailureCallbackOnce() {
		RecordingOutputStream out = new RecordingOutputStream();
		NdjsonWriter writer = new NdjsonWriter(out, this.failures::incrementAndGet);
		writer.send(bytes("{\"n\":1}"));
		out.failing = true;
		writer.send(bytes("{\"n\":2}"));
		assertThat(this.failures).hasValue(1);
		int attempts = out.attempts;
		out.failing = false;
		writer.send(bytes("{\"n\":3}"));
		writer.send(frameOfLength(BUFFER_SIZE * 2, 'x'));
		writer.flush();
		assertThat(out.attempts).isEqualTo(attempts);
		assertThat(out.text()).isEqualTo("{\"n\":1}\n");
		assertThat(this.failures).hasValue(1);
	}

	@Test
	void anIOExceptionWhileWritingALargeFrameAlsoStopsTheWriter() {
		RecordingOutputStream out = new RecordingOutputStream();
		out.failing = true;
		NdjsonWriter writer = new NdjsonWriter(out, this.failures::incrementAndGet);
		writer.send(frameOfLength(BUFFER_SIZE * 2, 'x'));
		assertThat(this.failures).hasValue(1);
		int attempts = out.attempts;
		writer.send(bytes("{}"));
		assertThat(out.attempts).isEqualTo(attempts);
		assertThat(out.bytes()).isEmpty();
	}

	@Test
	void aFrameQueuedWhileAFlushHoldsTheLockIsWrittenBeforeTheFlushReturns() throws Exception {
		CountDownLatch inFlush = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		ByteArrayOutputStream written = new ByteArrayOutputStream();
		AtomicInteger flushes = new AtomicInteger();
		OutputStream out = new OutputStream() {

			@Override
			public synchronized void write(byte[] b, int off, int len) {
				written.write(b, off, len);
			}

			@Override
			public void write(int b) {
				written.write(b);
			}

			@Override
			public void flush() {
				if (flushes.incrementAndGet() == 1) {
					inFlush.countDown();
					awaitQuietly(release);
				}
			}

		};
		NdjsonWriter writer = new NdjsonWriter(out, this.failures::incrementAndGet);
		ExecutorService flusher = Executors.newSingleThreadExecutor();
		try {
			Future<?> flush = flusher.submit(() -> writer.flush());
			assertThat(inFlush.await(10, TimeUnit.SECONDS)).isTrue();
			writer.send(bytes("{\"late\":1}"));
			release.countDown();
			flush.get(10, TimeUnit.SECONDS);
			assertThat(written.toString(StandardCharsets.UTF_8)).isEqualTo("{\"late\":1}\n");
		}
		finally {
			flusher.shutdownNow();
		}
	}

	@Test
	void aFlushWithATimeoutGivesUpOnAWriteThatNeverEnds() throws Exception {
		CountDownLatch inWrite = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		OutputStream blocked = new OutputStream() {

			@Override
			public void write(byte[] b, int off, int len) {
				inWrite.countDown();
				awaitQuietly(release);
			}

			@Override
			public void write(int b) {
			}

		};
		NdjsonWriter writer = new NdjsonWriter(blocked, this.failures::incrementAndGet);
		ExecutorService sender = Executors.newSingleThreadExecutor();
		try {
			sender.submit(() -> writer.send(bytes("{\"a\":1}")));
			assertThat(inWrite.await(10, TimeUnit.SECONDS)).isTrue();
			assertThat(writer.flush(Duration.ofMillis(50))).isFalse();
		}
		finally {
			release.countDown();
			sender.shutdownNow();
		}
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Test
	void framesOfTheDeferringThreadGoOutTogetherWhenItFlushes() {
		List<Integer> writes = new ArrayList<>();
		ByteArrayOutputStream written = new ByteArrayOutputStream();
		OutputStream out = new OutputStream() {

			@Override
			public void write(byte[] b, int off, int len) {
				writes.add(len);
				written.write(b, off, len);
			}

			@Override
			public void write(int b) {
				written.write(b);
			}

		};
		NdjsonWriter writer = new NdjsonWriter(out, this.failures::incrementAndGet);
		writer.deferFrom(Thread.currentThread());
		writer.send(bytes("{\"a\":1}"));
		writer.send(bytes("{\"b\":2}"));
		assertThat(written.size()).isZero();
		writer.flushDeferred();
		assertThat(written.toString(StandardCharsets.UTF_8)).isEqualTo("{\"a\":1}\n{\"b\":2}\n");
		assertThat(writes).hasSize(1);
	}

	@Test
	void flushWithNothingQueuedOnlyFlushes() {
		RecordingOutputStream out = new RecordingOutputStream();
		NdjsonWriter writer = new NdjsonWriter(out, this.failures::incrementAndGet);
		writer.flush();
		assertThat(out.bytes()).isEmpty();
		assertThat(out.attempts).isZero();
	}

	/**
	 * Records what is written and can fail every operation.
	 */
	static final class RecordingOutputStream extends OutputStream {

		private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

		volatile boolean failing;

		volatile int attempts;

		volatile int flushes;

		@Override
		public synchronized void write(int b) throws IOException {
			attempt();
			this.bytes.write(b);
		}

		@Override
		public synchronized void write(byte[] buffer, int offset, int length) throws IOException {
			attempt();
			this.bytes.write(buffer, offset, length);
		}

		@Override
		public synchronized void flush() throws IOException {
			this.flushes++;
			if (this.failing) {
				throw new IOException("closed");
			}
		}

		private void attempt() throws IOException {
			this.attempts++;
			if (this.failing) {
				throw new IOException("broken pipe");
			}
		}

		synchronized byte[] bytes() {
			return this.bytes.toByteArray();
		}

		synchronized String text() {
			return this.bytes.toString(StandardCharsets.UTF_8);
		}

	}

	@Test
	void sendersWaitForABlockedWriteOnceTheQueueIsFull() throws Exception {
		CountDownLatch release = new CountDownLatch(1);
		CountDownLatch blocked = new CountDownLatch(1);
		ByteArrayOutputStream written = new ByteArrayOutputStream();
		OutputStream stalled = new OutputStream() {

			@Override
			public void write(int b) {
				write(new byte[] { (byte) b }, 0, 1);
			}

			@Override
			public void write(byte[] b, int off, int len) {
				blocked.countDown();
				try {
					release.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				synchronized (written) {
					written.write(b, off, len);
				}
			}

		};
		NdjsonWriter writer = new NdjsonWriter(stalled, this.failures::incrementAndGet);
		ExecutorService threads = Executors.newFixedThreadPool(2);
		try {
			threads.submit(() -> writer.send(bytes("{\"first\":true}")));
			assertThat(blocked.await(5, TimeUnit.SECONDS)).isTrue();
			byte[] big = bytes("\"" + "x".repeat(1024 * 1024) + "\"");
			int frames = (int) (NdjsonWriter.MAX_QUEUED_BYTES / big.length) + 2;
			Future<?> sender = threads.submit(() -> {
				for (int i = 0; i < frames; i++) {
					writer.send(big);
				}
			});
			Thread.sleep(300);
			assertThat(sender.isDone()).as("sender must wait for the blocked write").isFalse();
			release.countDown();
			sender.get(10, TimeUnit.SECONDS);
			writer.flush();
			synchronized (written) {
				assertThat(written.size()).isEqualTo(bytes("{\"first\":true}").length + 1 + frames * (big.length + 1));
			}
		}
		finally {
			release.countDown();
			threads.shutdownNow();
		}
	}

}
