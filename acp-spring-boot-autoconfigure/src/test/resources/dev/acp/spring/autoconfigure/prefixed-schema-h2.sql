

CREATE TABLE IF NOT EXISTS my_session (
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

CREATE INDEX IF NOT EXISTS my_session_owner_ix ON my_session (owner_name, updated_at DESC, session_id);

CREATE INDEX IF NOT EXISTS my_session_owner_cwd_ix ON my_session (owner_name, cwd, updated_at DESC, session_id);


CREATE TABLE IF NOT EXISTS my_session_history (
	entry_id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
	session_id VARCHAR(255) NOT NULL REFERENCES my_session (session_id) ON DELETE CASCADE,
	payload TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS my_session_history_ix ON my_session_history (session_id, entry_id);
