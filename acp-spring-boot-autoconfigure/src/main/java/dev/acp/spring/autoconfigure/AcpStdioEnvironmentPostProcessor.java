package dev.acp.spring.autoconfigure;

import java.util.LinkedHashMap;
import java.util.Map;

import dev.acp.spring.transport.stdio.StdioStreams;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.Ordered;
import org.springframework.core.convert.ConversionException;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Keeps standard output for protocol messages when the agent runs over stdio (the default
 * transport), with no user configuration: reserves the real standard output for the
 * transport and points {@code System.out} (console logging, banner, stray prints) at
 * standard error; turns the banner off and, unless the application sets
 * {@code spring.main.web-application-type}, starts no web server. An application that
 * names agents it drives ({@code acp.agents.*}) and sets no {@code acp.transport} is
 * their client only: its transport is {@code none}, so it ends when its work is done.
 * Runs once configuration data is loaded and before the logging system is initialized;
 * when the configuration chooses another transport, gives back the standard output
 * {@link AcpStdioOutputEnvironmentPostProcessor} reserved.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpStdioEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	private static final String PROPERTY_SOURCE_NAME = "acpStdioDefaults";

	private static final String CLIENT_PROPERTY_SOURCE_NAME = "acpClientDefaults";

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE;
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		if (isEnabled(environment) && environment.getProperty("acp.transport") == null && namesAgents(environment)) {
			// an application that drives agents is their client, not an agent over stdio:
			// it ends when its work is done
			environment.getPropertySources()
				.addLast(new MapPropertySource(CLIENT_PROPERTY_SOURCE_NAME, Map.of("acp.transport", "none")));
		}
		if (!isStdio(environment)) {
			StdioStreams.releaseStandardOutput();
			if (isEnabled(environment)
					&& "local".equalsIgnoreCase(environment.getProperty("acp.transport", "").trim())) {
				// a warm agent: its standard output is its log file, and it serves no web
				// requests unless the application asks
				environment.getPropertySources()
					.addLast(new MapPropertySource(PROPERTY_SOURCE_NAME,
							Map.of("spring.main.web-application-type", "none")));
			}
			return;
		}
		StdioStreams.reserveStandardOutput();
		Map<String, Object> defaults = new LinkedHashMap<>();
		defaults.put("spring.main.banner-mode", "off");
		defaults.put("spring.main.web-application-type", "none");
		environment.getPropertySources().addLast(new MapPropertySource(PROPERTY_SOURCE_NAME, defaults));
	}

	static boolean isStdio(ConfigurableEnvironment environment) {
		if (!isEnabled(environment)) {
			return false;
		}
		String transport = environment.getProperty("acp.transport");
		if (transport == null) {
			return !namesAgents(environment);
		}
		return "stdio".equalsIgnoreCase(transport.trim());
	}

	/**
	 * Whether the application names agents it drives ({@code acp.agents.*}).
	 */
	private static boolean namesAgents(ConfigurableEnvironment environment) {
		try {
			return Binder.get(environment)
				.bind("acp.agents", Bindable.mapOf(String.class, Object.class))
				.map((agents) -> !agents.isEmpty())
				.orElse(false);
		}
		catch (RuntimeException ex) {
			// binding acp.agents fails start-up with a clear message
			return false;
		}
	}

	private static boolean isEnabled(ConfigurableEnvironment environment) {
		try {
			return environment.getProperty("acp.enabled", Boolean.class, true);
		}
		catch (ConversionException ex) {
			// binding acp.enabled fails start-up with a clear message
			return true;
		}
	}

}
