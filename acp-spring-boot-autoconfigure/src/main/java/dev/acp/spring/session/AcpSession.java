package dev.acp.spring.session;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import dev.acp.spring.protocol.McpServer;
import dev.acp.spring.protocol.SystemPrompt;

/**
 * A session as a handler sees it while a connection serves it: created by
 * {@code session/new}, opened again by {@code session/load} or {@code session/resume},
 * and passed to any handler of a session-scoped call that declares a parameter of this
 * type. Changes (title, mode, config options, attributes) are kept in the
 * {@link AcpSessionStore} when the turn ends, or at once outside a turn.
 * <p>
 * Attributes are values the agent keeps with the session; a store that writes them out
 * (JDBC) keeps them as JSON, so after a load on another instance an attribute reads back
 * as its JSON form ({@code Map}, {@code List}, {@code String}, {@code Number},
 * {@code Boolean}): keep such simple values there.
 *
 * @author ACP Spring Boot Starter contributors
 */
public interface AcpSession {

	/**
	 * The session's id.
	 * @return the id
	 */
	String id();

	/**
	 * The working directory given to {@code session/new}.
	 * @return the absolute path
	 */
	String cwd();

	/**
	 * More workspace roots given to {@code session/new}.
	 * @return the directories, empty when none
	 */
	List<String> additionalDirectories();

	/**
	 * The MCP servers given to {@code session/new}, or to the {@code session/load} or
	 * {@code session/resume} that opened the session on this connection.
	 * @return the servers
	 */
	List<McpServer> mcpServers();

	/**
	 * The client's {@code systemPrompt} on the {@code session/new}, {@code session/load}
	 * or {@code session/resume} that opened the session on this connection; not stored,
	 * since the client sends it again with each of them.
	 * @return the system prompt, or {@code null} when the client sent none
	 */
	default @Nullable SystemPrompt systemPrompt() {
		return null;
	}

	/**
	 * The session's title, as the agent set it or sent it in a
	 * {@code session_info_update}.
	 * @return the title, or {@code null}
	 */
	@Nullable String title();

	/**
	 * Set the title ({@code session/list} shows it).
	 * @param title the title, or {@code null} for none
	 */
	void setTitle(@Nullable String title);

	/**
	 * The current mode: as answered to {@code session/new}, then as set by
	 * {@code session/set_mode} or a {@code current_mode_update}.
	 * @return the mode id, or {@code null} when the agent has no modes
	 */
	@Nullable String currentModeId();

	/**
	 * Set the current mode.
	 * @param modeId the mode id
	 */
	void setCurrentModeId(@Nullable String modeId);

	/**
	 * The current value of each config option, by option id (boolean options as
	 * {@code "true"} or {@code "false"}).
	 * @return an unmodifiable snapshot
	 */
	Map<String, String> configOptions();

	/**
	 * Set the current value of a config option.
	 * @param configId the option id
	 * @param value the value id, or {@code null} to forget the option
	 */
	void setConfigOption(String configId, @Nullable String value);

	/**
	 * An attribute.
	 * @param name the name
	 * @return the value, or {@code null}
	 */
	@Nullable Object getAttribute(String name);

	/**
	 * Set an attribute.
	 * @param name the name
	 * @param value the value (writable as JSON), or {@code null} to remove it
	 */
	void setAttribute(String name, @Nullable Object value);

	/**
	 * Remove an attribute.
	 * @param name the name
	 */
	default void removeAttribute(String name) {
		setAttribute(name, null);
	}

	/**
	 * All attributes.
	 * @return an unmodifiable snapshot
	 */
	Map<String, Object> attributes();

	/**
	 * When {@code session/new} created the session.
	 * @return the instant
	 */
	Instant createdAt();

}
