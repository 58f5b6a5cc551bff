package dev.acp.spring.autoconfigure;

import org.apache.coyote.AbstractProtocol;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;

/**
 * Caps Tomcat's request threads ({@code http-nio-*-exec-*}, Boot's
 * {@code server.tomcat.threads.max}, 200 by default) at {@link #defaultMaxThreads(int)
 * four per processor, at least 16} while the application leaves
 * {@code server.tomcat.threads.max} unset. Over the ACP transports a Tomcat thread never
 * holds a turn: it reads a WebSocket message or a {@code POST}'s body, hands the message
 * to a handler thread and returns; event streams are asynchronous. Its only waits are on
 * a peer: a body arriving slowly, a blocking send of an error answered at once
 * ({@code initialize} is answered on the Tomcat thread itself, without waiting for a
 * handler thread). Bursts of connections, though, made Tomcat start a thread for each
 * request at once, up to 200, each kept a minute after. Past the cap, requests wait in
 * Tomcat's queue. Runs after Boot's customizer (which sets the threads from its
 * properties), lowers the bound only, and leaves a server with an executor of its own
 * (virtual threads) alone; a customizer of the application's ordered later wins.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class TomcatWorkerThreadsCustomizer
		implements WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory>, Ordered {

	/** The property with which an application sizes Tomcat's threads itself. */
	static final String MAX_THREADS_PROPERTY = "server.tomcat.threads.max";

	private final Environment environment;

	private final int maxThreads;

	/**
	 * Create a customizer.
	 * @param environment tells whether the application sets
	 * {@value #MAX_THREADS_PROPERTY}
	 * @param maxThreads the most request threads
	 */
	TomcatWorkerThreadsCustomizer(Environment environment, int maxThreads) {
		this.environment = environment;
		this.maxThreads = maxThreads;
	}

	/**
	 * The cap for a number of processors: four threads per processor keep every processor
	 * busy parsing and handing off messages while some threads wait on slow peers;
	 * sixteen at least, so that a few slow peers do not hold every thread of a small
	 * machine.
	 * @param processors the available processors
	 * @return the most request threads
	 */
	static int defaultMaxThreads(int processors) {
		return Math.max(16, 4 * processors);
	}

	@Override
	public void customize(ConfigurableTomcatWebServerFactory factory) {
		if (Binder.get(this.environment).bind(MAX_THREADS_PROPERTY, Integer.class).isBound()) {
			return;
		}
		factory.addConnectorCustomizers((connector) -> {
			if (connector.getProtocolHandler() instanceof AbstractProtocol<?> protocol && protocol.getExecutor() == null
					&& protocol.getMaxThreads() > this.maxThreads) {
				protocol.setMaxThreads(this.maxThreads);
				protocol.setMinSpareThreads(Math.min(protocol.getMinSpareThreads(), this.maxThreads));
			}
		});
	}

	@Override
	public int getOrder() {
		// after Boot's TomcatWebServerFactoryCustomizer (order 0)
		return 1;
	}

}
