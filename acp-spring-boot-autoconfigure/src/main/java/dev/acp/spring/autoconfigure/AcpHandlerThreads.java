package dev.acp.spring.autoconfigure;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import org.springframework.scheduling.concurrent.CustomizableThreadFactory;

/**
 * The threads ACP handlers run on: virtual threads when enabled
 * ({@code spring.threads.virtual.enabled}) on Java 21+, else a cached pool of daemon
 * threads that grows with demand, so a blocked handler never holds back a cancellation.
 * Deliberately not an {@link Executor} bean, which would replace Boot's task executor.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpHandlerThreads implements DisposableBean {

	private final Executor executor;

	private final ExecutorService pool;

	AcpHandlerThreads(boolean virtual) {
		if (virtual) {
			SimpleAsyncTaskExecutor virtualThreads = new SimpleAsyncTaskExecutor("acp-handler-");
			virtualThreads.setVirtualThreads(true);
			this.executor = virtualThreads;
			this.pool = null;
		}
		else {
			CustomizableThreadFactory threads = new CustomizableThreadFactory("acp-handler-");
			threads.setDaemon(true);
			this.pool = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>(),
					threads);
			this.executor = this.pool;
		}
	}

	/**
	 * The executor handlers run on.
	 * @return the executor
	 */
	public Executor executor() {
		return this.executor;
	}

	@Override
	public void destroy() {
		if (this.pool != null) {
			this.pool.shutdown();
		}
	}

}
