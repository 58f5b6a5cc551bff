package dev.acp.spring.autoconfigure;

import org.apache.catalina.connector.Connector;

import org.springframework.boot.tomcat.TomcatConnectorCustomizer;
import org.springframework.core.Ordered;

/**
 * Turns off Tomcat's cache of closed connections' channels ({@code socket.bufferPool})
 * while the application left it at Tomcat's default. That default sizes the cache from
 * the heap (a thirty-second of a heap over 2 GiB, in 16 KiB channels: thousands of them),
 * and each cached channel keeps its read and write buffers and, through its read buffer
 * handler, the last request's processor: after 5,000 Streamable HTTP connections closed,
 * about two processors per connection stayed reachable. ACP connections live long, so
 * reusing their channels saves little. Runs last, so a bound an application sets in its
 * own customizer is kept.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class TomcatChannelCacheCustomizer implements TomcatConnectorCustomizer, Ordered {

	/** The property of Tomcat's connector that bounds the cache of closed channels. */
	static final String BUFFER_POOL = "socket.bufferPool";

	/** Tomcat's default: sized from the heap. */
	private static final String TOMCAT_DEFAULT = "-2";

	@Override
	public void customize(Connector connector) {
		Object bufferPool = connector.getProperty(BUFFER_POOL);
		if (bufferPool != null && TOMCAT_DEFAULT.equals(bufferPool.toString())) {
			connector.setProperty(BUFFER_POOL, "0");
		}
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

}
