package dev.acp.spring.autoconfigure;

import dev.acp.spring.transport.stdio.StdioStreams;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.config.ConfigDataEnvironmentPostProcessor;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Reserves standard output for protocol messages before Boot loads configuration data, so
 * that a failure to load it (a missing {@code spring.config.import}, a malformed file)
 * reports on standard error, never on the protocol stream. Configuration files are not
 * read yet: the transport is decided from the command line, system properties and
 * environment variables, stdio by default; {@link AcpStdioEnvironmentPostProcessor} gives
 * standard output back when the configuration files choose another transport.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpStdioOutputEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

	/**
	 * Just before configuration data is loaded.
	 */
	public static final int ORDER = ConfigDataEnvironmentPostProcessor.ORDER - 1;

	@Override
	public int getOrder() {
		return ORDER;
	}

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		if (AcpStdioEnvironmentPostProcessor.isStdio(environment)) {
			StdioStreams.reserveStandardOutput();
		}
	}

}
