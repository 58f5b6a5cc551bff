package dev.acp.spring.jsonrpc;

import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.JsonNodeFactory;

import dev.acp.spring.protocol.AcpJsonMapper;

import static dev.acp.spring.lincheck.Interleavings.check;
import static dev.acp.spring.lincheck.Interleavings.explore;
import static dev.acp.spring.lincheck.Interleavings.inParallel;

/**
 * Model-checked concurrency of a connection's inbound side: {@link InboundOrder} handles
 * notifications in arrival order and starts no message before every notification received
 * ahead of it was handled, the reading thread never waiting on a handler;
 * {@link InboundAdmission} refuses a request past the bound of requests in flight, with
 * the documented error, at once, and holds no request longer than it runs.
 *
 * @author ACP Spring Boot Starter contributors
 */
class InboundOrderLincheckTests {

	// Made once: a request only refers to its connection.
	private final JsonRpcConnection connection = new JsonRpcConnectionFactory(new JsonRpcCodec(AcpJsonMapper.create()),
			Runnable::run, Duration.ofHours(1), (rpc) -> null)
		.open("lincheck", "test", (frame) -> {
		});

	@Test
	void notificationsAreHandledInArrivalOrderBeforeAnyLaterMessageUnderAnyInterleaving() {
		explore(50, () -> {
			Threads threads = new Threads();
			InboundOrder order = new InboundOrder(threads);
			Queue<String> handled = new ConcurrentLinkedQueue<>();
			// the reading thread: two notifications, then a request, never waiting
			order.notification(() -> handled.add("first"));
			order.notification(() -> handled.add("second"));
			order.request(request(1, null), (call) -> threads.execute(() -> handled.add("request")));
			threads.joinAll();
			check(List.copyOf(handled).equals(List.of("first", "second", "request")),
					"handled out of arrival order: " + handled);
		});
	}

	@Test
	void requestsOfOneOrderKeyStartOneAtATimeInArrivalOrderUnderAnyInterleaving() {
		explore(50, () -> {
			Threads threads = new Threads();
			InboundOrder order = new InboundOrder(threads);
			Queue<String> events = new ConcurrentLinkedQueue<>();
			InboundRequest first = request(1, "session");
			InboundRequest second = request(2, "session");
			Starter starter = new Starter(order, threads, events);
			order.notification(() -> events.add("notified"));
			order.request(first, starter);
			order.request(second, starter);
			threads.joinAll();
			check(List.copyOf(events).equals(List.of("notified", "start 1", "end 1", "start 2", "end 2")),
					"turns of one session overlapped or ran out of order: " + events);
			check(order.size() == 0, "requests left ordered: " + order.size());
		});
	}

	@Test
	void pastTheBoundARequestIsRefusedBusyAndNoneIsHeldLongerThanItRunsUnderAnyInterleaving() {
		explore(50, () -> {
			InboundAdmission admission = new InboundAdmission(new JsonRpcStatistics());
			admission.setMaxInFlight(1);
			InboundRequest running = request(1, null);
			InboundRequest arriving = request(2, null);
			check(admission.admit(running) == null, "the first request was refused");
			JsonRpcError[] refusal = new JsonRpcError[1];
			// the reading thread admits the next request while the first one ends
			inParallel(() -> refusal[0] = admission.admit(arriving), () -> {
				admission.answered(running);
				admission.written();
				admission.released(running);
			});
			check(refusal[0] == null || refusal[0].code() == JsonRpcError.SERVER_BUSY,
					"refused with " + ((refusal[0] != null) ? refusal[0].code() : 0));
			if (refusal[0] == null) {
				admission.answered(arriving);
				admission.written();
				admission.released(arriving);
			}
			check(admission.admit(request(3, null)) == null, "a request is refused with none in flight");
		});
	}

	private InboundRequest request(long id, String orderKey) {
		JsonRpcRequest request = new JsonRpcRequest(JsonNodeFactory.instance.numberNode(id), "_test/work", null);
		return new InboundRequest(this.connection, null, request, "n:" + id, orderKey);
	}

	/**
	 * Starts a request on a thread of its own, as a connection does, and ends it there.
	 */
	private record Starter(InboundOrder order, Threads threads,
			Queue<String> events) implements java.util.function.Consumer<InboundRequest> {

		@Override
		public void accept(InboundRequest call) {
			this.threads.execute(() -> {
				this.events.add("start " + call.id());
				this.events.add("end " + call.id());
				this.order.finished(call, this);
			});
		}

	}

	/**
	 * Runs each task on a thread of its own, which the model checker schedules.
	 */
	private static final class Threads implements Executor {

		private final Queue<Thread> started = new ConcurrentLinkedQueue<>();

		@Override
		public void execute(Runnable task) {
			Thread thread = new Thread(task);
			this.started.add(thread);
			thread.start();
		}

		void joinAll() {
			Thread thread;
			while ((thread = this.started.poll()) != null) {
				try {
					thread.join();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new IllegalStateException(ex);
				}
			}
		}

	}

}
