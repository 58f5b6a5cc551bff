package dev.acp.spring.agent.support;

import java.util.List;
import java.util.Set;
import java.util.UUID;

import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import dev.acp.spring.method.AcpSessionNotFoundException;
import dev.acp.spring.method.support.ParamsBinding;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.CloseSessionRequest;
import dev.acp.spring.protocol.CloseSessionResponse;
import dev.acp.spring.protocol.DeleteSessionRequest;
import dev.acp.spring.protocol.DeleteSessionResponse;
import dev.acp.spring.protocol.LoadSessionRequest;
import dev.acp.spring.protocol.LoadSessionResponse;
import dev.acp.spring.protocol.ListSessionsRequest;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.NewSessionResponse;
import dev.acp.spring.protocol.ResumeSessionRequest;
import dev.acp.spring.protocol.ResumeSessionResponse;
import dev.acp.spring.session.AcpSessionData;

/**
 * Serves the session methods the application has no handler for: {@code session/new},
 * {@code session/load}, {@code session/list}, {@code session/resume},
 * {@code session/close} and {@code session/delete}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class StarterSessionMethods {

	static final Set<String> METHODS = Set.of(AcpMethods.SESSION_NEW, AcpMethods.SESSION_LOAD, AcpMethods.SESSION_LIST,
			AcpMethods.SESSION_RESUME, AcpMethods.SESSION_CLOSE, AcpMethods.SESSION_DELETE);

	private final SessionClaims claims;

	private final SessionCreation creation;

	private final SessionOpening opening;

	private final HistoryReplay replay;

	private final SessionListing listing;

	private final SessionClosing closing;

	private final SessionDeletion deletion;

	StarterSessionMethods(SessionClaims claims, SessionCreation creation, SessionOpening opening, HistoryReplay replay,
			SessionListing listing, SessionClosing closing, SessionDeletion deletion) {
		this.claims = claims;
		this.creation = creation;
		this.opening = opening;
		this.replay = replay;
		this.listing = listing;
		this.closing = closing;
		this.deletion = deletion;
	}

	/**
	 * Serve a method the application has no handler for.
	 */
	Object serve(String method, @Nullable JsonNode params, DefaultAcpConnection connection, ObjectMapper mapper) {
		return switch (method) {
			case AcpMethods.SESSION_NEW -> newSession(bind(mapper, params, NewSessionRequest.class), connection);
			case AcpMethods.SESSION_LOAD -> load(bind(mapper, params, LoadSessionRequest.class), connection);
			case AcpMethods.SESSION_LIST ->
				this.listing.list(bind(mapper, params, ListSessionsRequest.class), connection);
			case AcpMethods.SESSION_RESUME -> resume(bind(mapper, params, ResumeSessionRequest.class), connection);
			case AcpMethods.SESSION_CLOSE -> close(bind(mapper, params, CloseSessionRequest.class), connection);
			case AcpMethods.SESSION_DELETE -> delete(bind(mapper, params, DeleteSessionRequest.class), connection);
			default -> throw new IllegalArgumentException("Not a session method: " + method);
		};
	}

	private static <T> T bind(ObjectMapper mapper, @Nullable JsonNode params, Class<T> type) {
		if (params == null) {
			throw ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError("params", "is required")));
		}
		return type.cast(ParamsBinding.bind(mapper, params, mapper.constructType(type), null));
	}

	private NewSessionResponse newSession(NewSessionRequest request, DefaultAcpConnection connection) {
		String sessionId = "sess_" + UUID.randomUUID().toString().replace("-", "");
		this.creation.created(connection, request, sessionId, null);
		return new NewSessionResponse(sessionId);
	}

	private LoadSessionResponse load(LoadSessionRequest request, DefaultAcpConnection connection) {
		String sessionId = request.sessionId();
		AcpSessionData data = this.claims.claimStored(sessionId, connection);
		try {
			this.replay.replay(sessionId, connection);
			this.opening.open(connection, data, request.mcpServers(), request.systemPrompt());
		}
		finally {
			this.claims.releaseUnlessTurn(sessionId, connection);
		}
		return new LoadSessionResponse();
	}

	private ResumeSessionResponse resume(ResumeSessionRequest request, DefaultAcpConnection connection) {
		String sessionId = request.sessionId();
		AcpSessionData data = this.claims.claimStored(sessionId, connection);
		this.claims.releaseUnlessTurn(sessionId, connection);
		this.opening.open(connection, data, request.mcpServers(), request.systemPrompt());
		return new ResumeSessionResponse();
	}

	private CloseSessionResponse close(CloseSessionRequest request, DefaultAcpConnection connection) {
		if (!this.closing.closed(connection, request.sessionId())) {
			throw new AcpSessionNotFoundException(request.sessionId(),
					"no session of this id is open on this connection");
		}
		return new CloseSessionResponse();
	}

	/**
	 * Delete the caller's session; one already deleted, never created or of another owner
	 * is answered the same, without deleting anything (the spec: it succeeds silently).
	 */
	private DeleteSessionResponse delete(DeleteSessionRequest request, DefaultAcpConnection connection) {
		String sessionId = request.sessionId();
		if (this.deletion.deletes(sessionId, connection)) {
			this.claims.claim(sessionId, connection);
			this.deletion.deleted(connection, sessionId);
		}
		return new DeleteSessionResponse();
	}

}
