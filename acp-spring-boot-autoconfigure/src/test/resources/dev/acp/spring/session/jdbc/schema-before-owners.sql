-- The tables of the JDBC session store before sessions had owners: what an upgrade starts from.
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
	claim_until TIMESTAMP WITH TIME ZONE
);

CREATE INDEX IF NOT EXISTS acp_session_updated_ix ON acp_session (updated_at DESC, session_id);

CREATE INDEX IF NOT EXISTS acp_session_cwd_ix ON acp_session (cwd, updated_at DESC, session_id);

-- The history of each session: replayed in the order of entry_id, the order of appending.
CREATE TABLE IF NOT EXISTS acp_session_history (
	entry_id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	session_id VARCHAR(255) NOT NULL REFERENCES acp_session (session_id) ON DELETE CASCADE,
	payload TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS acp_session_history_ix ON acp_session_history (session_id, entry_id);
