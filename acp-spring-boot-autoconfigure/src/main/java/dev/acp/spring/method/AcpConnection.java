package dev.acp.spring.method;

import java.security.Principal;
import java.util.Map;
import java.util.Set;

import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.FileSystemCapabilities;
import dev.acp.spring.protocol.Implementation;
import dev.acp.spring.session.AcpSession;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * The state of one ACP connection (one editor session over stdio, or one WebSocket).
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
public interface AcpConnection {

	/**
	 * A unique id of the connection.
	 * @return the id
	 */
	String id();

	/**
	 * The transport name, such as {@code stdio}.
	 * @return the transport
	 */
	String transport();

	/**
	 * Whether {@code initialize} succeeded on this connection.
	 * @return whether initialized
	 */
	boolean isInitialized();

	/**
	 * Whether an {@code authenticate} call succeeded on this connection (and no
	 * {@code logout} followed).
	 * @return whether authenticated
	 */
	boolean isAuthenticated();

	/**
	 * The client implementation sent in {@code initialize}.
	 * @return the client info, or {@code null} when not sent
	 */
	@Nullable Implementation clientInfo();

	/**
	 * The client capabilities sent in {@code initialize}.
	 * @return the capabilities, {@link ClientCapabilities#NONE} before initialize
	 */
	ClientCapabilities clientCapabilities();

	/**
	 * Whether the client can read text files for the agent: it advertised
	 * {@code fs.readTextFile}, so {@link AcpClient#readTextFile} may be called.
	 * @return whether {@code fs/read_text_file} is available
	 */
	default boolean canReadFiles() {
		FileSystemCapabilities fs = clientCapabilities().fs();
		return fs != null && Boolean.TRUE.equals(fs.readTextFile());
	}

	/**
	 * Whether the client can write text files for the agent: it advertised
	 * {@code fs.writeTextFile}, so {@link AcpClient#writeTextFile} may be called.
	 * @return whether {@code fs/write_text_file} is available
	 */
	default boolean canWriteFiles() {
		FileSystemCapabilities fs = clientCapabilities().fs();
		return fs != null && Boolean.TRUE.equals(fs.writeTextFile());
	}

	/**
	 * Whether the client can run commands in terminals for the agent: it advertised
	 * {@code terminal}, so the {@code terminal/*} methods of {@link AcpClient} may be
	 * called.
	 * @return whether the {@code terminal/*} methods are available
	 */
	default boolean canRunTerminals() {
		return Boolean.TRUE.equals(clientCapabilities().terminal());
	}

	/**
	 * Whether the client advertised an extension namespace in
	 * {@code clientCapabilities._meta}, so that its {@code _namespace/...} methods may be
	 * called through {@link AcpClient}.
	 * @param namespace the namespace, such as {@code zed.dev}
	 * @return whether advertised
	 */
	default boolean supportsExtension(String namespace) {
		return clientCapabilities().extension(namespace) != null;
	}

	/**
	 * The peer authenticated by the transport (for example by Spring Security on a
	 * WebSocket handshake).
	 * @return the principal, or {@code null} when the transport authenticated nobody
	 * (stdio)
	 */
	@Nullable Principal principal();

	/**
	 * The protocol version of this connection: the one {@code initialize} answered, the
	 * highest the agent serves at or below the one the client asked for.
	 * @return the version, or {@code null} before initialize
	 */
	@Nullable Integer protocolVersion();

	/**
	 * The sessions opened on this connection ({@code session/new} or {@code session/load}
	 * answered, not closed by {@code session/close}).
	 * @return a snapshot of the session ids
	 */
	Set<String> sessions();

	/**
	 * A session this connection serves, as the starter keeps it
	 * ({@code acp.sessions.enabled}, on by default): created by {@code session/new} or
	 * opened by {@code session/load} or {@code session/resume} on this connection, and
	 * not closed since.
	 * @param sessionId the session's id
	 * @return the session, or {@code null} when this connection serves no session of that
	 * id, or sessions are off
	 */
	default @Nullable AcpSession session(String sessionId) {
		return null;
	}

	/**
	 * The requests of this connection not answered yet.
	 * @return the count
	 */
	int inFlightRequests();

	/**
	 * Calls to the client of this connection.
	 * @return the client
	 */
	AcpClient client();

	/**
	 * Mutable attributes for application state kept per connection.
	 * @return the attributes
	 */
	Map<String, Object> attributes();

}
