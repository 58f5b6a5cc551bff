package dev.acp.spring.session.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.regex.Pattern;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.ObjectMapper;

import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.session.AcpSessionCursors;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.AcpSessionPage;
import dev.acp.spring.session.AcpSessionStore;

import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.core.simple.JdbcClient.StatementSpec;

/**
 * An {@link AcpSessionStore} in a relational database, through Spring's
 * {@link JdbcClient}: a session is a row of {@code <prefix>session}, its history rows of
 * {@code <prefix>session_history} in the order of their generated key. Every instance of
 * an agent that shares the database shares the sessions, and a claim is a lease on the
 * session's row (owner and expiry), taken with one conditional update.
 * <p>
 * List cursors are signed (see {@link AcpSessionCursors}) with a key kept in the one row
 * of {@code <prefix>session_cursor_key}, created by the first instance that pages a list
 * and read once by each, so that every instance accepts the cursors of every other.
 * <p>
 * A session belongs to the principal named in {@code owner_name} ({@code NULL}: the
 * anonymous owner), and {@link #list} selects by it in the query.
 * <p>
 * Objects (MCP servers, config options, attributes, each update) are stored as JSON text
 * written with the protocol's mapper, so that an update is replayed exactly as it was
 * appended, fields this version does not know and {@code _meta} included. Timestamps are
 * kept to the microsecond.
 * <p>
 * {@link #append} is one statement (one per 1,000 updates). The history bounds, in
 * updates and in bytes (the UTF-8 length of each stored update's JSON), hold for
 * {@link #replay} at once: the database selects the newest updates within both, so a
 * replay never reads more than the byte bound into memory. The rows beyond them are
 * deleted every quarter of either bound a session grows by, so the table holds at most a
 * quarter more.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class JdbcAcpSessionStore implements AcpSessionStore {

	/**
	 * The table prefix of the schema scripts.
	 */
	public static final String DEFAULT_TABLE_PREFIX = "acp_";

	/**
	 * The most updates of a session kept when not told otherwise.
	 */
	public static final int DEFAULT_MAX_HISTORY = 10_000;

	/**
	 * The most history bytes of a session kept when not told otherwise: 16 MiB.
	 */
	public static final long DEFAULT_MAX_HISTORY_SIZE = 16L * 1024 * 1024;

	static final int MAX_ROWS_PER_INSERT = 1000;

	private static final int TRACKED_SESSIONS = 10_000;

	private static final Pattern TABLE_PREFIX = Pattern.compile("[A-Za-z0-9_.]*");

	private static final String COLUMNS = "session_id, cwd, additional_directories, mcp_servers, title, "
			+ "current_mode_id, config_options, attributes, created_at, updated_at, owner_name";

	private static final TypeReference<List<String>> STRINGS = new TypeReference<>() {
	};

	private static final TypeReference<List<McpServer>> MCP_SERVERS = new TypeReference<>() {
	};

	private static final TypeReference<Map<String, String>> STRING_MAP = new TypeReference<>() {
	};

	private static final TypeReference<Map<String, Object>> OBJECT_MAP = new TypeReference<>() {
	};

	private final JdbcClient jdbc;

	private final ObjectMapper mapper;

	private final int maxHistory;

	private final int trimInterval;

	private final long maxHistorySize;

	private final long trimIntervalSize;

	private final Clock clock;

	private final String sessionTable;

	private final String historyTable;

	private final String cursorKeyTable;

	private final AcpSessionCursors cursors;

	/**
	 * Updates and bytes appended per session since its history was last trimmed, for the
	 * sessions this instance appended to lately; a session it does not know is trimmed on
	 * its next append.
	 */
	private final Map<String, Appended> appendedSinceTrim = new LinkedHashMap<>(16, 0.75f, true) {

		@Override
		protected boolean removeEldestEntry(Map.Entry<String, Appended> eldest) {
			return size() > TRACKED_SESSIONS;
		}

	};

	/**
	 * Creates a store on the tables of the schema scripts, keeping
	 * {@value #DEFAULT_MAX_HISTORY} updates and 16 MiB per session.
	 * @param jdbc the client of the database
	 * @param mapper the protocol's JSON mapper
	 */
	public JdbcAcpSessionStore(JdbcClient jdbc, ObjectMapper mapper) {
		this(jdbc, mapper, DEFAULT_TABLE_PREFIX, DEFAULT_MAX_HISTORY, Clock.systemUTC());
	}

	/**
	 * Creates a store.
	 * @param jdbc the client of the database
	 * @param mapper the protocol's JSON mapper
	 * @param tablePrefix the prefix of the table names (letters, digits, {@code _} and
	 * {@code .}, so that it may name a schema)
	 * @param maxHistory the most updates kept per session, the oldest dropped first
	 * @param clock the clock a claim's expiry is compared with
	 */
	public JdbcAcpSessionStore(JdbcClient jdbc, ObjectMapper mapper, String tablePrefix, int maxHistory, Clock clock) {
		this(jdbc, mapper, tablePrefix, maxHistory, DEFAULT_MAX_HISTORY_SIZE, clock);
	}

	/**
	 * Creates a store bounded in history bytes too.
	 * @param jdbc the client of the database
	 * @param mapper the protocol's JSON mapper
	 * @param tablePrefix the prefix of the table names (letters, digits, {@code _} and
	 * {@code .}, so that it may name a schema)
	 * @param maxHistory the most updates kept per session, the oldest dropped first
	 * @param maxHistorySize the most history bytes kept per session (the UTF-8 length of
	 * the stored JSON), the oldest updates dropped first; an update larger than it is not
	 * replayed
	 * @param clock the clock a claim's expiry is compared with
	 */
	public JdbcAcpSessionStore(JdbcClient jdbc, ObjectMapper mapper, String tablePrefix, int maxHistory,
			long maxHistorySize, Clock clock) {
		if (!TABLE_PREFIX.matcher(tablePrefix).matches()) {
			throw new IllegalArgumentException(
					"Table prefix '" + tablePrefix + "' may hold only letters, digits, '_' and '.'");
		}
		if (maxHistory < 1) {
			throw new IllegalArgumentException("maxHistory must be positive, was " + maxHistory);
		}
		this.jdbc = Objects.requireNonNull(jdbc, "jdbc");
		this.mapper = Objects.requireNonNull(mapper, "mapper");
		this.maxHistory = maxHistory;
		this.trimInterval = Math.max(1, maxHistory / 4);
		if (maxHistorySize < 1) {
			throw new IllegalArgumentException("maxHistorySize must be positive, was " + maxHistorySize);
		}
		this.maxHistorySize = maxHistorySize;
		this.trimIntervalSize = Math.max(1, maxHistorySize / 4);
		this.clock = Objects.requireNonNull(clock, "clock");
		this.sessionTable = tablePrefix + "session";
		this.historyTable = tablePrefix + "session_history";
		this.cursorKeyTable = tablePrefix + "session_cursor_key";
		this.cursors = new AcpSessionCursors(this::sharedCursorKey);
	}

	@Override
	public void save(AcpSessionData session) {
		int updated = bindSession(this.jdbc.sql(update("session_id = :sessionId")), session).update();
		if (updated > 0) {
			return;
		}
		try {
			bindSession(this.jdbc.sql("INSERT INTO " + this.sessionTable + " (" + COLUMNS + ") VALUES (:sessionId,"
					+ " :cwd, :additionalDirectories, :mcpServers, :title, :currentModeId, :configOptions,"
					+ " :attributes, :createdAt, :updatedAt, :owner)"), session)
				.update();
			trackNewSession(session.sessionId());
		}
		catch (DuplicateKeyException ex) {
			save(session);
		}
	}

	/**
	 * Replaces the row while its {@code updated_at} is the one read: every save and
	 * append sets it, so it serves as the row's version.
	 */
	@Override
	public boolean replace(AcpSessionData expected, AcpSessionData session) {
		return bindSession(this.jdbc.sql(update("session_id = :sessionId AND updated_at = :expectedUpdatedAt")),
				session)
			.param("expectedUpdatedAt", timestamp(expected.updatedAt()))
			.update() > 0;
	}

	private String update(String where) {
		return "UPDATE " + this.sessionTable
				+ " SET cwd = :cwd, additional_directories = :additionalDirectories, mcp_servers = :mcpServers,"
				+ " title = :title, current_mode_id = :currentModeId, config_options = :configOptions,"
				+ " attributes = :attributes, created_at = :createdAt, updated_at = :updatedAt,"
				+ " owner_name = :owner WHERE " + where;
	}

	private StatementSpec bindSession(StatementSpec statement, AcpSessionData session) {
		return statement.param("sessionId", session.sessionId())
			.param("cwd", session.cwd())
			.param("additionalDirectories", json(session.additionalDirectories()))
			.param("mcpServers", json(session.mcpServers()))
			.param("title", session.title(), Types.VARCHAR)
			.param("currentModeId", session.currentModeId(), Types.VARCHAR)
			.param("configOptions", json(session.configOptions()))
			.param("attributes", json(session.attributes()))
			.param("createdAt", timestamp(session.createdAt()))
			.param("updatedAt", timestamp(session.updatedAt()))
			.param("owner", session.owner(), Types.VARCHAR);
	}

	@Override
	public @Nullable AcpSessionData find(String sessionId) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM " + this.sessionTable + " WHERE session_id = :sessionId")
			.param("sessionId", sessionId)
			.query(this::session)
			.optional()
			.orElse(null);
	}

	@Override
	public void append(String sessionId, List<SessionUpdate> updates) {
		if (updates.isEmpty() || !touch(sessionId)) {
			return;
		}
		int appended = 0;
		long appendedSize = 0;
		for (int from = 0; from < updates.size(); from += MAX_ROWS_PER_INSERT) {
			List<String> rows = new ArrayList<>();
			for (SessionUpdate update : updates.subList(from, Math.min(updates.size(), from + MAX_ROWS_PER_INSERT))) {
				String payload = json(update);
				rows.add(payload);
				appendedSize += utf8Length(payload);
			}
			int inserted = insert(sessionId, rows);
			if (inserted == 0) {
				return;
			}
			appended += inserted;
		}
		if (appended > 0 && dueForTrim(sessionId, appended, appendedSize)) {
			trim(sessionId);
		}
	}

	private static long utf8Length(String text) {
		long length = text.length();
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c >= 0x800) {
				length += Character.isSurrogate(c) ? 1 : 2;
			}
			else if (c >= 0x80) {
				length++;
			}
		}
		return length;
	}

	private boolean touch(String sessionId) {
		return this.jdbc.sql("UPDATE " + this.sessionTable + " SET updated_at = :now WHERE session_id = :sessionId")
			.param("now", timestamp(this.clock.instant()))
			.param("sessionId", sessionId)
			.update() > 0;
	}

	private int insert(String sessionId, List<String> rows) {
		StringBuilder sql = new StringBuilder("INSERT INTO ").append(this.historyTable)
			.append(" (session_id, payload) SELECT CAST(:sessionId AS VARCHAR(255)), v.payload FROM (VALUES ");
		for (int i = 0; i < rows.size(); i++) {
			sql.append((i > 0) ? ", " : "").append("(CAST(:p").append(i).append(" AS TEXT))");
		}
		sql.append(") AS v (payload) WHERE EXISTS (SELECT 1 FROM ")
			.append(this.sessionTable)
			.append(" WHERE session_id = :sessionId)");
		StatementSpec statement = this.jdbc.sql(sql.toString()).param("sessionId", sessionId);
		for (int i = 0; i < rows.size(); i++) {
			statement.param("p" + i, rows.get(i));
		}
		try {
			return statement.update();
		}
		catch (DataIntegrityViolationException ex) {
			return 0;
		}
	}

	private boolean dueForTrim(String sessionId, int appended, long appendedSize) {
		synchronized (this.appendedSinceTrim) {
			Appended since = this.appendedSinceTrim.get(sessionId);
			Appended total = (since != null) ? since.plus(appended, appendedSize) : null;
			boolean due = total == null || total.updates() >= this.trimInterval
					|| total.bytes() >= this.trimIntervalSize;
			this.appendedSinceTrim.put(sessionId, due ? Appended.NONE : total);
			return due;
		}
	}

	private void trackNewSession(String sessionId) {
		synchronized (this.appendedSinceTrim) {
			this.appendedSinceTrim.put(sessionId, Appended.NONE);
		}
	}

	private void trim(String sessionId) {
		this.jdbc
			.sql("DELETE FROM " + this.historyTable + " WHERE session_id = :sessionId AND entry_id IN"
					+ " (SELECT entry_id FROM (" + newestFirst() + ") h WHERE h.n > :max OR h.kept > :maxSize)")
			.param("sessionId", sessionId)
			.param("max", this.maxHistory)
			.param("maxSize", this.maxHistorySize)
			.update();
	}

	/**
	 * Replays the newest updates within both bounds, selected by the database, so that
	 * rows beyond the bounds not yet trimmed are never read.
	 */
	@Override
	public void replay(String sessionId, Consumer<SessionUpdate> consumer) {
		List<String> payloads = this.jdbc
			.sql("SELECT h.payload FROM (" + newestFirst() + ") h WHERE h.n <= :max AND h.kept <= :maxSize"
					+ " ORDER BY h.entry_id")
			.param("sessionId", sessionId)
			.param("max", this.maxHistory)
			.param("maxSize", this.maxHistorySize)
			.query((rs, row) -> rs.getString(1))
			.list();
		for (String payload : payloads) {
			consumer.accept(this.mapper.readValue(payload, SessionUpdate.class));
		}
	}

	/**
	 * A session's history rows, each with its rank from the newest ({@code n}) and the
	 * bytes of it and every newer row ({@code kept}).
	 */
	private String newestFirst() {
		return "SELECT entry_id, payload, ROW_NUMBER() OVER (ORDER BY entry_id DESC) AS n,"
				+ " SUM(OCTET_LENGTH(payload)) OVER (ORDER BY entry_id DESC ROWS BETWEEN UNBOUNDED PRECEDING"
				+ " AND CURRENT ROW) AS kept FROM " + this.historyTable + " WHERE session_id = :sessionId";
	}

	@Override
	public AcpSessionPage list(@Nullable String owner, @Nullable String cwd, @Nullable String cursor, int pageSize) {
		if (pageSize < 1) {
			throw new IllegalArgumentException("pageSize must be positive, was " + pageSize);
		}
		AcpSessionCursors.Position after = (cursor != null) ? this.cursors.decode(owner, cwd, cursor) : null;
		List<String> conditions = new ArrayList<>();
		conditions.add((owner != null) ? "owner_name = :owner" : "owner_name IS NULL");
		if (cwd != null) {
			conditions.add("cwd = :cwd");
		}
		if (after != null) {
			conditions.add("(updated_at < :updatedAt OR (updated_at = :updatedAt AND session_id > :sessionId))");
		}
		String where = " WHERE " + String.join(" AND ", conditions);
		StatementSpec statement = this.jdbc
			.sql("SELECT " + COLUMNS + " FROM " + this.sessionTable + where
					+ " ORDER BY updated_at DESC, session_id ASC FETCH FIRST :rows ROWS ONLY")
			.param("rows", pageSize + 1);
		if (owner != null) {
			statement.param("owner", owner);
		}
		if (cwd != null) {
			statement.param("cwd", cwd);
		}
		if (after != null) {
			statement.param("updatedAt", timestamp(after.updatedAt())).param("sessionId", after.sessionId());
		}
		List<AcpSessionData> sessions = statement.query(this::session).list();
		if (sessions.size() <= pageSize) {
			return new AcpSessionPage(sessions, null);
		}
		AcpSessionData last = sessions.get(pageSize - 1);
		return new AcpSessionPage(sessions.subList(0, pageSize),
				this.cursors.encode(owner, cwd, last.updatedAt(), last.sessionId()));
	}

	/**
	 * The key every instance on the database signs cursors with: the one row of the key
	 * table, inserted by the first instance that needs it (an insert that finds the row
	 * there, or loses the race to another instance, inserts nothing), then read back.
	 */
	private byte[] sharedCursorKey() {
		String stored = readCursorKey();
		if (stored == null) {
			try {
				this.jdbc
					.sql("INSERT INTO " + this.cursorKeyTable + " (key_id, secret) SELECT v.key_id, CAST(:secret AS"
							+ " VARCHAR(255)) FROM (VALUES (1)) AS v (key_id) WHERE NOT EXISTS (SELECT 1 FROM "
							+ this.cursorKeyTable + " WHERE key_id = 1)")
					.param("secret", Base64.getEncoder().encodeToString(AcpSessionCursors.newKey()))
					.update();
			}
			catch (DuplicateKeyException ex) {
				// another instance inserted it between the check and the insert
			}
			stored = readCursorKey();
			if (stored == null) {
				throw new IllegalStateException("No session list cursor key in " + this.cursorKeyTable);
			}
		}
		try {
			return Base64.getDecoder().decode(stored);
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalStateException("The session list cursor key in " + this.cursorKeyTable + " is not base64",
					ex);
		}
	}

	private @Nullable String readCursorKey() {
		return this.jdbc.sql("SELECT secret FROM " + this.cursorKeyTable + " WHERE key_id = 1")
			.query(String.class)
			.optional()
			.orElse(null);
	}

	@Override
	public boolean delete(String sessionId) {
		synchronized (this.appendedSinceTrim) {
			this.appendedSinceTrim.remove(sessionId);
		}
		return this.jdbc.sql("DELETE FROM " + this.sessionTable + " WHERE session_id = :sessionId")
			.param("sessionId", sessionId)
			.update() > 0;
	}

	@Override
	public boolean claim(String sessionId, String owner, Instant until) {
		return this.jdbc
			.sql("UPDATE " + this.sessionTable + " SET claim_owner = :owner, claim_until = :until"
					+ " WHERE session_id = :sessionId AND (claim_owner IS NULL OR claim_owner = :owner"
					+ " OR claim_until <= :now)")
			.param("owner", owner)
			.param("until", timestamp(until))
			.param("sessionId", sessionId)
			.param("now", timestamp(this.clock.instant()))
			.update() > 0;
	}

	@Override
	public void release(String sessionId, String owner) {
		this.jdbc
			.sql("UPDATE " + this.sessionTable + " SET claim_owner = NULL, claim_until = NULL"
					+ " WHERE session_id = :sessionId AND claim_owner = :owner")
			.param("sessionId", sessionId)
			.param("owner", owner)
			.update();
	}

	private AcpSessionData session(ResultSet rs, int row) throws SQLException {
		return new AcpSessionData(rs.getString("session_id"), rs.getString("cwd"),
				read(rs.getString("additional_directories"), STRINGS), read(rs.getString("mcp_servers"), MCP_SERVERS),
				rs.getString("title"), rs.getString("current_mode_id"),
				read(rs.getString("config_options"), STRING_MAP), read(rs.getString("attributes"), OBJECT_MAP),
				instant(rs, "created_at"), instant(rs, "updated_at"), rs.getString("owner_name"));
	}

	private String json(Object value) {
		return this.mapper.writeValueAsString(value);
	}

	private <T> T read(String json, TypeReference<T> type) {
		return this.mapper.readValue(json, type);
	}

	private static OffsetDateTime timestamp(Instant instant) {
		return instant.truncatedTo(ChronoUnit.MICROS).atOffset(ZoneOffset.UTC);
	}

	private static Instant instant(ResultSet rs, String column) throws SQLException {
		return rs.getObject(column, OffsetDateTime.class).toInstant();
	}

	/**
	 * What a session grew by since its history was last trimmed.
	 */
	private record Appended(int updates, long bytes) {

		static final Appended NONE = new Appended(0, 0);

		Appended plus(int moreUpdates, long moreBytes) {
			return new Appended(this.updates + moreUpdates, this.bytes + moreBytes);
		}

	}

}
