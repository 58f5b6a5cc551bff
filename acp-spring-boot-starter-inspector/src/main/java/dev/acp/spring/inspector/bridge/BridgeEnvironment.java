package dev.acp.spring.inspector.bridge;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;
import org.springframework.core.env.MapPropertySource;

/**
 * The settings the inspector for stdio agents always runs with, whatever its options and
 * configuration files say (they come first): bound to 127.0.0.1 only, on port
 * {@code acp.inspector.port} (0, the default, for a free one); on the client role, none
 * of the starter's agent machinery (no transport, no ACP auto-configuration); standard
 * output for its one start line (no banner, logging to standard error); no static files
 * but the page's. Runs before the environment post-processors, so that the starter's
 * stdio set-up never takes standard output.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class BridgeEnvironment implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {

	static final String PROPERTY_SOURCE_NAME = "acpInspectorBridge";

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
		event.getEnvironment().getPropertySources().addFirst(new MapPropertySource(PROPERTY_SOURCE_NAME, settings()));
	}

	static Map<String, Object> settings() {
		Map<String, Object> settings = new LinkedHashMap<>();
		settings.put("server.address", "127.0.0.1");
		settings.put("server.port", "${acp.inspector.port:0}");
		settings.put("acp.transport", "none");
		settings.put("acp.enabled", "false");
		settings.put("acp.inspector.enabled", "false");
		settings.put("spring.main.web-application-type", "servlet");
		settings.put("spring.main.banner-mode", "off");
		settings.put("spring.web.resources.add-mappings", "false");
		settings.put("spring.jmx.enabled", "false");
		settings.put("server.error.include-stacktrace", "never");
		settings.put("server.error.include-message", "never");
		settings.put("logging.config", "classpath:dev/acp/spring/inspector/bridge/logback-inspector.xml");
		return settings;
	}

}
