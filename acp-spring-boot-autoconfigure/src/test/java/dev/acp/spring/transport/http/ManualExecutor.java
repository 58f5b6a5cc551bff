package dev.acp.spring.transport.http;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * An executor whose tasks run when a test says so, on the test's thread: tests see which
 * executor a task went to and what happens before and after it runs, without waiting.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ManualExecutor extends AbstractExecutorService {

	private final List<Runnable> tasks = new ArrayList<>();

	private boolean direct;

	private boolean shutdown;

	/**
	 * Run each task at once, on the thread that hands it over.
	 * @return this executor
	 */
	ManualExecutor direct() {
		this.direct = true;
		return this;
	}

	/**
	 * The tasks handed over and not run yet.
	 * @return the count
	 */
	int pending() {
		return this.tasks.size();
	}

	/**
	 * Run the tasks handed over so far.
	 */
	void runAll() {
		List<Runnable> now = List.copyOf(this.tasks);
		this.tasks.clear();
		now.forEach(Runnable::run);
	}

	@Override
	public void execute(Runnable command) {
		if (this.shutdown) {
			throw new RejectedExecutionException("shut down");
		}
		if (this.direct) {
			command.run();
		}
		else {
			this.tasks.add(command);
		}
	}

	@Override
	public void shutdown() {
		this.shutdown = true;
	}

	@Override
	public List<Runnable> shutdownNow() {
		this.shutdown = true;
		List<Runnable> left = List.copyOf(this.tasks);
		this.tasks.clear();
		return left;
	}

	@Override
	public boolean isShutdown() {
		return this.shutdown;
	}

	@Override
	public boolean isTerminated() {
		return this.shutdown && this.tasks.isEmpty();
	}

	@Override
	public boolean awaitTermination(long timeout, TimeUnit unit) {
		return isTerminated();
	}

}
