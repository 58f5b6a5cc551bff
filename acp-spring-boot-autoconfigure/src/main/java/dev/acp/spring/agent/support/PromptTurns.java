package dev.acp.spring.agent.support;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import dev.acp.spring.method.AcpException;
import dev.acp.spring.protocol.PromptRequest;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.AcpSessionStore;

/**
 * Begins and ends a session's prompt turns: the claim held while a turn runs, the state
 * taken before it, and the one write of what it recorded after it.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class PromptTurns {

	/**
	 * Logs under {@link DefaultAcpSessions}: one category for all of session keeping.
	 */
	private static final Log logger = LogFactory.getLog(DefaultAcpSessions.class);

	private final AcpSessionStore store;

	private final SessionClaims claims;

	private final SessionWriter writer;

	PromptTurns(AcpSessionStore store, SessionClaims claims, SessionWriter writer) {
		this.store = store;
		this.claims = claims;
		this.writer = writer;
	}

	/**
	 * Start a prompt turn: claim the session for this connection, and record the prompt's
	 * content blocks as {@code user_message_chunk}s.
	 * @param messageId the id of the user message, or {@code null} when the protocol
	 * version gives it none
	 * @return the params bound, or {@code null} when they do not bind to a
	 * {@link PromptRequest}
	 * @throws AcpException -32001 when a turn of the session runs on another connection
	 */
	@Nullable PromptRequest begin(DefaultAcpConnection connection, DefaultAcpSession session, @Nullable JsonNode params,
			ObjectMapper mapper, @Nullable String messageId) {
		this.claims.claimForTurn(connection, session);
		refresh(session);
		PromptRequest request = PromptChunks.bind(params, mapper);
		session.beginTurn((request != null) ? PromptChunks.of(request, mapper, messageId)
				: PromptChunks.of(params, mapper, messageId));
		return request;
	}

	/**
	 * Before a turn: take what another connection serving the session wrote since this
	 * one last did (the turn's claim keeps others from writing while it runs).
	 */
	private void refresh(DefaultAcpSession session) {
		try {
			AcpSessionData stored = this.store.find(session.id());
			if (stored != null) {
				session.refresh(stored);
			}
		}
		catch (RuntimeException ex) {
			logger.warn("Could not read session '" + session.id() + "' before its turn", ex);
		}
	}

	/**
	 * End a prompt turn: write what it recorded in one append, keep changed state,
	 * release the claim. Never throws: the turn's answer stands.
	 */
	void end(DefaultAcpConnection connection, DefaultAcpSession session) {
		this.claims.turnEnded(connection, session);
		session.endTurn();
		try {
			this.writer.persist(session);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not record the turn of session '" + session.id() + "'", ex);
		}
		finally {
			try {
				this.claims.releaseUnlessTurn(session.id(), connection);
			}
			catch (RuntimeException ex) {
				logger.warn("Could not release session '" + session.id() + "'", ex);
			}
		}
	}

}
