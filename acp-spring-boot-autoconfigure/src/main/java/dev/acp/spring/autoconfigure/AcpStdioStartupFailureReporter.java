package dev.acp.spring.autoconfigure;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.transport.stdio.StdioStreams;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.SpringBootExceptionReporter;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.ArgumentResolver;
import org.springframework.core.io.support.SpringFactoriesLoader.FailureHandler;
import org.springframework.util.StringUtils;

/**
 * Tells the editor why a stdio agent failed to start: the client's {@code initialize},
 * read within a short bound, is answered with an error whose message is Boot's failure
 * analysis of the failure (no stack trace); Boot then reports the failure on standard
 * error and the process exits as usual (code 1). Without it the editor sees only the end
 * of the output. Reports every failure of {@code SpringApplication.run}, from loading
 * configuration data to the last runner: the stdio transport does not read before the
 * application is ready.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
public class AcpStdioStartupFailureReporter implements SpringBootExceptionReporter {

	private static final Log logger = LogFactory.getLog(AcpStdioStartupFailureReporter.class);

	private static final Duration READ_LIMIT = Duration.ofSeconds(3);

	private static final int MAX_LINE = 1024 * 1024;

	private final @Nullable ConfigurableApplicationContext context;

	/**
	 * Create a reporter for the failure of the application of the given context.
	 * @param context the context, {@code null} when the failure came before there was one
	 */
	public AcpStdioStartupFailureReporter(@Nullable ConfigurableApplicationContext context) {
		this.context = context;
	}

	/**
	 * Answer the client's {@code initialize} with the failure; leaves reporting it on
	 * standard error to Boot.
	 * @param failure the failure
	 * @return {@code false}: Boot reports the failure as usual
	 */
	@Override
	public boolean reportException(Throwable failure) {
		if (StdioStreams.isStandardOutputReserved() && !StdioStreams.isInputClaimed()) {
			try {
				answerInitialize(describe(failure, this.context));
			}
			catch (RuntimeException ex) {
				// Boot would skip its own report after a reporter failed
				logger.debug("Could not answer initialize with the start-up failure", ex);
			}
		}
		return false;
	}

	private static void answerInitialize(String description) {
		JsonNode id = readInitializeId(StdioStreams.protocolInput());
		if (id == null) {
			return;
		}
		JsonRpcCodec codec = new JsonRpcCodec(AcpJsonMapper.create());
		byte[] frame = codec.encodeError(id, new JsonRpcError(JsonRpcError.INTERNAL_ERROR, description));
		OutputStream out = StdioStreams.protocolOutput();
		try {
			out.write(frame);
			out.write('\n');
			out.flush();
		}
		catch (IOException ex) {
			logger.debug("Could not answer initialize: " + ex.getMessage());
		}
	}

	static String describe(Throwable failure, @Nullable ConfigurableApplicationContext context) {
		for (FailureAnalyzer analyzer : analyzers(context)) {
			try {
				FailureAnalysis analysis = analyzer.analyze(failure);
				if (analysis != null && StringUtils.hasText(analysis.getDescription())) {
					return StringUtils.hasText(analysis.getAction())
							? analysis.getDescription() + "\n\nAction:\n" + analysis.getAction()
							: analysis.getDescription();
				}
			}
			catch (RuntimeException ex) {
				logger.trace("Failure analyzer " + analyzer + " failed", ex);
			}
		}
		Throwable cause = failure;
		while (cause.getCause() != null && cause.getCause() != cause) {
			cause = cause.getCause();
		}
		String message = StringUtils.hasText(cause.getMessage()) ? ": " + cause.getMessage() : "";
		return "The agent failed to start" + message;
	}

	private static List<FailureAnalyzer> analyzers(@Nullable ConfigurableApplicationContext context) {
		ArgumentResolver arguments = ArgumentResolver.none();
		if (context != null) {
			try {
				arguments = ArgumentResolver.of(BeanFactory.class, context.getBeanFactory())
					.and(Environment.class, context.getEnvironment());
			}
			catch (IllegalStateException ex) {
				arguments = ArgumentResolver.of(Environment.class, context.getEnvironment());
			}
		}
		ClassLoader classLoader = AcpStdioStartupFailureReporter.class.getClassLoader();
		return SpringFactoriesLoader.forDefaultResourceLocation(classLoader)
			.load(FailureAnalyzer.class, arguments, FailureHandler.logging(logger));
	}

	/**
	 * The id of the {@code initialize} request on the first line of the input, read
	 * within {@link #READ_LIMIT}.
	 * @param in the input
	 * @return the id, or {@code null} when none came in time
	 */
	static @Nullable JsonNode readInitializeId(InputStream in) {
		CompletableFuture<byte[]> line = new CompletableFuture<>();
		Thread reader = new Thread(() -> line.complete(readLine(in)), "acp-stdio-failure-reader");
		reader.setDaemon(true);
		reader.start();
		try {
			JsonNode message = AcpJsonMapper.create().readTree(line.get(READ_LIMIT.toMillis(), TimeUnit.MILLISECONDS));
			JsonNode id = message.get("id");
			JsonNode method = message.get("method");
			boolean initialize = method != null && AcpMethods.INITIALIZE.equals(method.asString());
			return (initialize && id != null && (id.isString() || id.isNumber())) ? id : null;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return null;
		}
		catch (JacksonException | ExecutionException | TimeoutException ex) {
			return null;
		}
	}

	private static byte[] readLine(InputStream in) {
		ByteArrayOutputStream line = new ByteArrayOutputStream();
		try {
			int b;
			while ((b = in.read()) != -1 && b != '\n' && line.size() < MAX_LINE) {
				line.write(b);
			}
		}
		catch (IOException ex) {
			logger.debug("Could not read standard input: " + ex.getMessage());
		}
		return line.toByteArray();
	}

}
