package dev.acp.spring.jsonrpc;

import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.Executor;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Runs tasks one at a time, in submission order, on a shared executor.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class SerialExecutor implements Executor {

	private static final Log logger = LogFactory.getLog(SerialExecutor.class);

	private final Executor delegate;

	private final Queue<Runnable> tasks = new ArrayDeque<>();

	private boolean running;

	SerialExecutor(Executor delegate) {
		this.delegate = delegate;
	}

	/**
	 * Whether a task is queued or running.
	 * @return whether busy
	 */
	boolean isBusy() {
		synchronized (this.tasks) {
			return this.running;
		}
	}

	@Override
	public void execute(Runnable task) {
		synchronized (this.tasks) {
			this.tasks.add(task);
			if (this.running) {
				return;
			}
			this.running = true;
		}
		try {
			this.delegate.execute(this::drain);
		}
		catch (RuntimeException ex) {
			synchronized (this.tasks) {
				this.tasks.remove(task);
				this.running = false;
			}
			throw ex;
		}
	}

	private void drain() {
		while (true) {
			Runnable task;
			synchronized (this.tasks) {
				task = this.tasks.poll();
				if (task == null) {
					this.running = false;
					return;
				}
			}
			try {
				task.run();
			}
			catch (RuntimeException ex) {
				logger.error("An ordered task failed", ex);
			}
		}
	}

}
