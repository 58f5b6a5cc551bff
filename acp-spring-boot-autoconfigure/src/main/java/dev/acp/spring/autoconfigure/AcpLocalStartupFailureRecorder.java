package dev.acp.spring.autoconfigure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.bootstrap.ConfigurableBootstrapContext;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringApplicationRunListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Tells the launcher why a warm agent failed to start: when
 * {@code acp.local.failure-file} is set (the launcher sets it), a failure of
 * {@code SpringApplication.run} is written there, described as the agent in the editor's
 * process describes it to the editor (Boot's failure analysis, no stack trace), so that
 * the launcher answers the editor's {@code initialize} with it. Runs first among the run
 * listeners, so that it holds the environment before configuration data is loaded, which
 * may fail too.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpLocalStartupFailureRecorder implements SpringApplicationRunListener, Ordered {

	private static final Log logger = LogFactory.getLog(AcpLocalStartupFailureRecorder.class);

	static final String FAILURE_FILE_PROPERTY = "acp.local.failure-file";

	private @Nullable ConfigurableEnvironment environment;

	/**
	 * Create a recorder, as {@link SpringApplication} does for each run.
	 * @param application the application
	 * @param args its arguments
	 */
	public AcpLocalStartupFailureRecorder(SpringApplication application, String[] args) {
	}

	@Override
	public int getOrder() {
		return Ordered.HIGHEST_PRECEDENCE;
	}

	@Override
	public void environmentPrepared(ConfigurableBootstrapContext bootstrapContext,
			ConfigurableEnvironment environment) {
		this.environment = environment;
	}

	@Override
	public void failed(@Nullable ConfigurableApplicationContext context, Throwable exception) {
		ConfigurableEnvironment environment = (context != null) ? context.getEnvironment() : this.environment;
		String file = (environment != null) ? property(environment) : null;
		if (file == null || file.isBlank()) {
			return;
		}
		Path failureFile = Path.of(file);
		try {
			Path written = failureFile.resolveSibling(failureFile.getFileName() + ".new");
			Files.writeString(written, AcpStdioStartupFailureReporter.describe(exception, context),
					StandardCharsets.UTF_8);
			Files.move(written, failureFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (IOException | RuntimeException ex) {
			logger.debug("Could not write the start-up failure to " + failureFile, ex);
		}
	}

	private static @Nullable String property(ConfigurableEnvironment environment) {
		try {
			return environment.getProperty(FAILURE_FILE_PROPERTY);
		}
		catch (RuntimeException ex) {
			// a placeholder that cannot be resolved, say
			return null;
		}
	}

}
