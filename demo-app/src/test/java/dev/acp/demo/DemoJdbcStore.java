package dev.acp.demo;

import java.util.ArrayList;
import java.util.List;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;

/**
 * The arguments that start the demo with its sessions in a PostgreSQL the test runs (the
 * JDBC session store, shared by every instance on that database).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class DemoJdbcStore {

	private DemoJdbcStore() {
	}

	/**
	 * The demo's arguments: {@code more}, then the JDBC store on {@code postgres}.
	 */
	static String[] arguments(EmbeddedPostgres postgres, String... more) {
		List<String> arguments = new ArrayList<>(List.of(more));
		arguments.addAll(List.of("--acp.sessions.store=jdbc",
				"--spring.datasource.url=" + postgres.getJdbcUrl("postgres", "postgres"),
				"--spring.datasource.username=postgres", "--spring.datasource.password=postgres"));
		return arguments.toArray(String[]::new);
	}

}
