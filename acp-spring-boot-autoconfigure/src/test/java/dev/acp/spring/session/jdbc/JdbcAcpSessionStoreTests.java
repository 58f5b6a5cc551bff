package dev.acp.spring.session.jdbc;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;

import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.session.AcpSessionCursors;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.AcpSessionPage;
import dev.acp.spring.session.AcpSessionStore;
import dev.acp.spring.session.AcpSessionStoreContractTests;

import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * The store contract and the JDBC store's own rules, on the database a subclass gives,
 * initialized with the schema script of its platform.
 *
 * @author ACP Spring Boot Starter contributors
 */
abstract class JdbcAcpSessionStoreTests extends AcpSessionStoreContractTests {

	/**
	 * The database, with the schema of the store.
	 * @return the data source
	 */
	protected abstract DataSource dataSource();

	/**
	 * The store's schema script for the database's platform.
	 * @return the class path location
	 */
	protected abstract String schemaScript();

	private JdbcClient jdbc() {
		return JdbcClient.create(dataSource());
	}

	@Override
	protected AcpSessionStore createStore() {
		jdbc().sql("DELETE FROM acp_session").update();
		return newStore();
	}

	@Override
	protected AcpSessionStore createOtherInstance() {
		return newStore();
	}

	private JdbcAcpSessionStore newStore() {
		return new JdbcAcpSessionStore(jdbc(), MAPPER, JdbcAcpSessionStore.DEFAULT_TABLE_PREFIX, MAX_HISTORY,
				MAX_HISTORY_SIZE, Clock.systemUTC());
	}

	@Test
	void listRefusesAWellEncodedCursorNamingAPositionNoSessionCanHave() {
		store().save(session("sess-1", "/w", Instant.EPOCH));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> store().list(null, null, cursor("1/+1000000000-01-01T00:00:00Z/sess-1"), 10));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> store().list(null, null, cursor("1/-1000000000-01-01T00:00:00Z/sess-1"), 10));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> store().list(null, null, cursor("1/2026-01-01T00:00:00Z/" + "x".repeat(256)), 10));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> store().list(null, null, cursor("1/2026-01-01T00:00:00Z/"), 10));
		assertThatIllegalArgumentException()
			.isThrownBy(() -> store().list(null, null, cursor("1/2026-01-01T00:00:00Z/sess\u0000"), 10));
	}

	private static String cursor(String text) {
		return Base64.getUrlEncoder().withoutPadding().encodeToString(text.getBytes(StandardCharsets.UTF_8));
	}

	@Test
	void aCursorSignedWithTheSharedKeyButNamingATimeTheColumnCannotHoldIsRefusedAsIllegalArgument() {
		saveTwo(store());
		assertThat(store().list(null, null, null, 1).nextCursor()).isNotNull();
		AcpSessionCursors shared = new AcpSessionCursors(this::storedCursorKey);
		for (Instant outOfRange : new Instant[] { Instant.MAX, Instant.MIN, Instant.parse("+10000-01-01T00:00:00Z") }) {
			String cursor = shared.encode(null, null, outOfRange, "sess-1");
			assertThatIllegalArgumentException().as("%s", outOfRange)
				.isThrownBy(() -> store().list(null, null, cursor, 1));
		}
		String inRange = shared.encode(null, null, Instant.EPOCH.plusSeconds(1), "sess-2");
		assertThat(ids(store().list(null, null, inRange, 1))).containsExactly("sess-1");
	}

	@Test
	void theCursorKeyIsCreatedInTheDatabaseOnFirstUseAndReadOncePerInstance() {
		jdbc().sql("DELETE FROM acp_session_cursor_key").update();
		JdbcAcpSessionStore store = newStore();
		saveTwo(store);
		assertThat(store.list(null, null, null, 10).nextCursor()).isNull();
		assertThat(cursorKeyRows()).as("no key before a cursor is given").isZero();
		String cursor = store.list(null, null, null, 1).nextCursor();
		assertThat(cursorKeyRows()).isOne();
		assertThat(Base64.getDecoder().decode(storedCursorKeyText())).hasSize(AcpSessionCursors.KEY_LENGTH);
		jdbc().sql("DELETE FROM acp_session_cursor_key").update();
		assertThat(ids(store.list(null, null, cursor, 1))).as("the key is kept, not read again")
			.containsExactly("sess-1");
		assertThatIllegalArgumentException().as("an instance that made a new key")
			.isThrownBy(() -> newStore().list(null, null, cursor, 1));
	}

	@Test
	void theSchemaScriptAddsTheCursorKeyTableToADatabaseOfThePreviousVersion() {
		jdbc().sql("DROP TABLE acp_session_cursor_key").update();
		populate(schemaScript());
		populate(schemaScript());
		JdbcAcpSessionStore store = newStore();
		saveTwo(store);
		String cursor = store.list(null, null, null, 1).nextCursor();
		assertThat(ids(newStore().list(null, null, cursor, 1))).containsExactly("sess-1");
	}

	/**
	 * Saves {@code sess-1} and {@code sess-2}, updated in that order: a list of one per
	 * page gives a cursor.
	 */
	private static void saveTwo(AcpSessionStore store) {
		store.save(session("sess-1", "/w", Instant.EPOCH));
		store.save(session("sess-2", "/w", Instant.EPOCH.plusSeconds(1)));
	}

	private int cursorKeyRows() {
		return jdbc().sql("SELECT COUNT(*) FROM acp_session_cursor_key").query(Integer.class).single();
	}

	private String storedCursorKeyText() {
		return jdbc().sql("SELECT secret FROM acp_session_cursor_key WHERE key_id = 1").query(String.class).single();
	}

	private byte[] storedCursorKey() {
		return Base64.getDecoder().decode(storedCursorKeyText());
	}

	@Test
	void historyRowsBeyondTheBoundAreDeletedAsTheSessionGrows() {
		store().save(session("sess-1", "/w", Instant.EPOCH));
		for (int i = 0; i < MAX_HISTORY * 4; i++) {
			store().append("sess-1", List.of(SessionUpdate.agentMessageChunk("chunk " + i)));
			assertThat(historyRows("sess-1")).isLessThanOrEqualTo(MAX_HISTORY + MAX_HISTORY / 4 + 1);
		}
	}

	@Test
	void historyRowsBeyondTheByteBoundAreDeletedAsTheSessionGrows() {
		store().save(session("sess-1", "/w", Instant.EPOCH));
		for (int i = 0; i < 20; i++) {
			// each append grows the session by more than a quarter of the bound: trimmed
			// at once
			store().append("sess-1", List.of(SessionUpdate.agentMessageChunk(i + "x".repeat(30_000))));
			assertThat(historyBytes("sess-1")).isLessThanOrEqualTo(MAX_HISTORY_SIZE);
		}
	}

	@Test
	void aReplayReadsOnlyTheNewestRowsWithinTheByteBoundFromRowsNotYetTrimmed() {
		store().save(session("sess-1", "/w", Instant.EPOCH));
		List<SessionUpdate> all = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			SessionUpdate update = SessionUpdate.agentMessageChunk(i + "x".repeat(30_000));
			all.add(update);
			jdbc().sql("INSERT INTO acp_session_history (session_id, payload) VALUES ('sess-1', :payload)")
				.param("payload", MAPPER.writeValueAsString(update))
				.update();
		}
		assertThat(history("sess-1")).isEqualTo(all.subList(1, 4));
	}

	@Test
	void aSessionThisInstanceDidNotCreateIsTrimmedOnItsFirstAppend() {
		store().save(session("sess-1", "/w", Instant.EPOCH));
		List<SessionUpdate> many = new ArrayList<>();
		for (int i = 0; i < MAX_HISTORY * 3; i++) {
			many.add(SessionUpdate.agentMessageChunk("chunk " + i));
		}
		jdbc().sql("INSERT INTO acp_session_history (session_id, payload) VALUES ('sess-1', '{}')").update();
		createOtherInstance().append("sess-1", many);
		assertThat(historyRows("sess-1")).isEqualTo(MAX_HISTORY);
	}

	@Test
	void anAppendOfMoreUpdatesThanOneStatementTakesKeepsTheirOrder() {
		JdbcAcpSessionStore store = new JdbcAcpSessionStore(jdbc(), MAPPER, JdbcAcpSessionStore.DEFAULT_TABLE_PREFIX,
				JdbcAcpSessionStore.MAX_ROWS_PER_INSERT * 2, Clock.systemUTC());
		store.save(session("sess-1", "/w", Instant.EPOCH));
		List<SessionUpdate> updates = new ArrayList<>();
		for (int i = 0; i < JdbcAcpSessionStore.MAX_ROWS_PER_INSERT + 2; i++) {
			updates.add(SessionUpdate.agentMessageChunk("chunk " + i));
		}
		store.append("sess-1", updates);
		List<SessionUpdate> replayed = new ArrayList<>();
		store.replay("sess-1", replayed::add);
		assertThat(replayed).isEqualTo(updates);
	}

	@Test
	void theSchemaScriptUpgradesTablesOfTheVersionBeforeOwnersAndForgetsStoredMcpServers() {
		jdbc().sql("DROP TABLE acp_session_history").update();
		jdbc().sql("DROP TABLE acp_session").update();
		populate("dev/acp/spring/session/jdbc/schema-before-owners.sql");
		jdbc()
			.sql("INSERT INTO acp_session (session_id, cwd, additional_directories, mcp_servers, config_options,"
					+ " attributes, created_at, updated_at) VALUES ('sess-old', '/w', '[]', :servers, '{}', '{}',"
					+ " CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)")
			.param("servers",
					"[{\"name\":\"k\",\"command\":\"c\",\"args\":[],"
							+ "\"env\":[{\"name\":\"API_KEY\",\"value\":\"secret\"}]}]")
			.update();
		populate(schemaScript());
		populate(schemaScript());
		AcpSessionData old = store().find("sess-old");
		assertThat(old.owner()).as("a session kept before owners belongs to the anonymous owner").isNull();
		assertThat(old.mcpServers()).isEmpty();
		assertThat(jdbc().sql("SELECT mcp_servers FROM acp_session").query(String.class).single()).isEqualTo("[]");
		store().save(owned("sess-new", "/w", Instant.EPOCH, "alice"));
		assertThat(store().list("alice", null, null, 10).sessions()).extracting(AcpSessionData::sessionId)
			.containsExactly("sess-new");
		assertThat(store().list(null, null, null, 10).sessions()).extracting(AcpSessionData::sessionId)
			.containsExactly("sess-old");
	}

	@Test
	void historyIsTrimmedOnceTheUpdatesAppendedSinceTheLastTrimReachAQuarterOfTheCountBound() {
		JdbcAcpSessionStore store = new JdbcAcpSessionStore(jdbc(), MAPPER, JdbcAcpSessionStore.DEFAULT_TABLE_PREFIX, 8,
				Long.MAX_VALUE, Clock.systemUTC());
		store.save(session("sess-count", "/w", Instant.EPOCH));
		// a quarter of 8 updates: a trim is due at every second append
		assertThat(rowsAfterEachAppend(store, "sess-count", 10)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 8);
	}

	@Test
	void historyIsTrimmedOnceTheBytesAppendedSinceTheLastTrimReachAQuarterOfTheByteBound() {
		long size = utf8Size(chunk(0));
		JdbcAcpSessionStore store = new JdbcAcpSessionStore(jdbc(), MAPPER, JdbcAcpSessionStore.DEFAULT_TABLE_PREFIX,
				1000, 8 * size, Clock.systemUTC());
		store.save(session("sess-bytes", "/w", Instant.EPOCH));
		// a quarter of the bound is two updates exactly: a trim is due at every second
		// append, and keeps eight
		assertThat(rowsAfterEachAppend(store, "sess-bytes", 10)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 8);
	}

	@Test
	void historyIsNotTrimmedWhileTheBytesAppendedSinceTheLastTrimAreBelowAQuarterOfTheByteBound() {
		long size = utf8Size(chunk(0));
		JdbcAcpSessionStore store = new JdbcAcpSessionStore(jdbc(), MAPPER, JdbcAcpSessionStore.DEFAULT_TABLE_PREFIX,
				1000, 8 * size + 4, Clock.systemUTC());
		store.save(session("sess-bytes", "/w", Instant.EPOCH));
		// a quarter of the bound is one byte more than two updates: a trim is due at
		// every third append
		assertThat(rowsAfterEachAppend(store, "sess-bytes", 12)).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 8, 9, 10, 8);
	}

	@Test
	void theSmallestBoundsAreAcceptedAndAnUpdateLargerThanTheByteBoundIsNotReplayed() {
		JdbcAcpSessionStore store = new JdbcAcpSessionStore(jdbc(), MAPPER, JdbcAcpSessionStore.DEFAULT_TABLE_PREFIX, 1,
				1, Clock.systemUTC());
		store.save(session("sess-1", "/w", Instant.EPOCH));
		store.append("sess-1", List.of(chunk(1)));
		List<SessionUpdate> replayed = new ArrayList<>();
		store.replay("sess-1", replayed::add);
		assertThat(replayed).isEmpty();
		assertThatIllegalArgumentException().isThrownBy(() -> new JdbcAcpSessionStore(jdbc(), MAPPER,
				JdbcAcpSessionStore.DEFAULT_TABLE_PREFIX, 0, 1, Clock.systemUTC()));
		assertThatIllegalArgumentException().isThrownBy(() -> new JdbcAcpSessionStore(jdbc(), MAPPER,
				JdbcAcpSessionStore.DEFAULT_TABLE_PREFIX, 1, 0, Clock.systemUTC()));
	}

	@Test
	void anAppendOfExactlyTheRowsOfOneStatementIsStoredWhole() {
		JdbcAcpSessionStore store = new JdbcAcpSessionStore(jdbc(), MAPPER, JdbcAcpSessionStore.DEFAULT_TABLE_PREFIX,
				JdbcAcpSessionStore.MAX_ROWS_PER_INSERT, Clock.systemUTC());
		store.save(session("sess-1", "/w", Instant.EPOCH));
		List<SessionUpdate> updates = new ArrayList<>();
		for (int i = 0; i < JdbcAcpSessionStore.MAX_ROWS_PER_INSERT; i++) {
			updates.add(SessionUpdate.agentMessageChunk("chunk " + i));
		}
		store.append("sess-1", updates);
		List<SessionUpdate> replayed = new ArrayList<>();
		store.replay("sess-1", replayed::add);
		assertThat(replayed).isEqualTo(updates);
	}

	@Test
	void aPageThatEndsWithTheLastSessionHasNoNextCursor() {
		store().save(session("sess-1", "/w", Instant.EPOCH));
		store().save(session("sess-2", "/w", Instant.EPOCH.plusSeconds(1)));
		AcpSessionPage page = store().list(null, null, null, 2);
		assertThat(ids(page)).containsExactly("sess-2", "sess-1");
		assertThat(page.nextCursor()).isNull();
	}

	/**
	 * An update of the same UTF-8 size whatever {@code i} (below 100), with characters of
	 * two bytes (the first of them, and another), three bytes (the first, another) and
	 * four bytes.
	 */
	private static SessionUpdate chunk(int i) {
		return SessionUpdate.agentMessageChunk(String.format("%02d \u0080\u00e9\u0800\u20ac\ud83d\ude00", i));
	}

	private static long utf8Size(SessionUpdate update) {
		return MAPPER.writeValueAsString(update).getBytes(StandardCharsets.UTF_8).length;
	}

	private List<Integer> rowsAfterEachAppend(JdbcAcpSessionStore store, String sessionId, int appends) {
		List<Integer> rows = new ArrayList<>();
		for (int i = 1; i <= appends; i++) {
			store.append(sessionId, List.of(chunk(i)));
			rows.add(historyRows(sessionId));
		}
		return rows;
	}

	private void populate(String script) {
		new ResourceDatabasePopulator(new ClassPathResource(script)).execute(dataSource());
	}

	@Test
	void aTablePrefixThatIsNotANameIsRejected() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new JdbcAcpSessionStore(jdbc(), MAPPER, "x; DROP TABLE y; --", 10, Clock.systemUTC()))
			.withMessageContaining("x; DROP TABLE y; --");
	}

	private long historyBytes(String sessionId) {
		return jdbc()
			.sql("SELECT COALESCE(SUM(OCTET_LENGTH(payload)), 0) FROM acp_session_history WHERE session_id = :id")
			.param("id", sessionId)
			.query(Long.class)
			.single();
	}

	private int historyRows(String sessionId) {
		return jdbc().sql("SELECT COUNT(*) FROM acp_session_history WHERE session_id = :id")
			.param("id", sessionId)
			.query(Integer.class)
			.single();
	}

}
