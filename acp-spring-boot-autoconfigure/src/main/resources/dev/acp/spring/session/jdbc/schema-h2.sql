-- Sessions of the ACP JDBC session store (JdbcAcpSessionStore), H2.
-- Objects are JSON text written by the protocol's mapper; a claim is a lease (owner, until).
-- owner_name: the name of the principal the session belongs to; NULL for the anonymous owner.
CREATE TABLE IF NOT EXISTS acp_session (
	session_id VARCHAR(255) NOT NULL PRIMARY KEY,
	cwd VARCHAR(4096) NOT NULL,
	additional_directories TEXT NOT NULL,
	mcp_servers TEXT NOT NULL,
	title TEXT,
	current_mode_id VARCHAR(255),
	config_options TEXT NOT NULL,
	attributes TEXT NOT NULL,
	created_at TIMESTAMP WITH TIME ZONE NOT NULL,
	updated_at TIMESTAMP WITH TIME ZONE NOT NULL,
	claim_owner VARCHAR(255),
	claim_until TIMESTAMP WITH TIME ZONE,
	owner_name VARCHAR(255)
);

-- Upgrade of a table of an earlier version: sessions kept before owners existed belong to the
-- anonymous owner (NULL); MCP servers are no longer kept (their env and headers hold secrets).
ALTER TABLE acp_session ADD COLUMN IF NOT EXISTS owner_name VARCHAR(255);

UPDATE acp_session SET mcp_servers = '[]' WHERE mcp_servers <> '[]';

DROP INDEX IF EXISTS acp_session_updated_ix;

DROP INDEX IF EXISTS acp_session_cwd_ix;

CREATE INDEX IF NOT EXISTS acp_session_owner_ix ON acp_session (owner_name, updated_at DESC, session_id);

CREATE INDEX IF NOT EXISTS acp_session_owner_cwd_ix ON acp_session (owner_name, cwd, updated_at DESC, session_id);

-- The history of each session: replayed in the order of entry_id, the order of appending.
CREATE TABLE IF NOT EXISTS acp_session_history (
	entry_id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	session_id VARCHAR(255) NOT NULL REFERENCES acp_session (session_id) ON DELETE CASCADE,
	payload TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS acp_session_history_ix ON acp_session_history (session_id, entry_id);

-- The key that signs session/list cursors (HMAC-SHA256, base64), shared by every instance on this database:
-- one row (key_id 1), inserted by the first instance that pages a list. Also an upgrade: a database of an
-- earlier version gets the table here. Deleting the row refuses every cursor given so far.
CREATE TABLE IF NOT EXISTS acp_session_cursor_key (
	key_id INTEGER NOT NULL PRIMARY KEY,
	secret VARCHAR(255) NOT NULL
);
