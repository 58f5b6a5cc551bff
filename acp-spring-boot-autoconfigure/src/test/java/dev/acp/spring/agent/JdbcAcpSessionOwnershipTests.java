package dev.acp.spring.agent;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import javax.sql.DataSource;

import dev.acp.spring.session.AcpSessionStore;
import dev.acp.spring.session.jdbc.JdbcAcpSessionStore;

import org.springframework.context.ApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link AcpSessionOwnershipTests} on the {@link JdbcAcpSessionStore}, on the database a
 * subclass gives ({@link H2JdbcSessionStore}, {@link PostgreSqlJdbcSessionStore}); what
 * is stored is read from the tables directly.
 *
 * @author ACP Spring Boot Starter contributors
 */
abstract class JdbcAcpSessionOwnershipTests extends AcpSessionOwnershipTests {

	@Override
	protected String storedText(ApplicationContext context, String sessionId) {
		assertThat(context.getBean(AcpSessionStore.class)).isInstanceOf(JdbcAcpSessionStore.class);
		JdbcClient jdbc = JdbcClient.create(context.getBean(DataSource.class));
		List<Map<String, Object>> rows = jdbc.sql("SELECT * FROM acp_session WHERE session_id = :id")
			.param("id", sessionId)
			.query()
			.listOfRows();
		assertThat(rows).hasSize(1);
		List<Map<String, Object>> history = jdbc.sql("SELECT * FROM acp_session_history WHERE session_id = :id")
			.param("id", sessionId)
			.query()
			.listOfRows();
		return rows.get(0).values().stream().map(String::valueOf).collect(Collectors.joining("\n")) + "\n"
				+ history.stream()
					.flatMap((row) -> row.values().stream())
					.map(String::valueOf)
					.collect(Collectors.joining("\n"));
	}

}
