package dev.acp.spring.agent.support;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.NullMarked;

import dev.acp.spring.method.support.ParamsBinding;
import dev.acp.spring.protocol.ListSessionsRequest;
import dev.acp.spring.protocol.ListSessionsResponse;
import dev.acp.spring.protocol.SessionInfo;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.AcpSessionPage;
import dev.acp.spring.session.AcpSessionStore;

/**
 * Serves {@code session/list}: the stored sessions of the connection's owner, a page at a
 * time.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class SessionListing {

	private final AcpSessionStore store;

	private final int listPageSize;

	SessionListing(AcpSessionStore store, int listPageSize) {
		this.store = store;
		this.listPageSize = listPageSize;
	}

	/**
	 * A page of the owner's sessions.
	 * @throws dev.acp.spring.method.AcpException -32602 naming {@code cursor} when the
	 * store does not take the request's cursor (it throws
	 * {@link IllegalArgumentException})
	 */
	ListSessionsResponse list(ListSessionsRequest request, DefaultAcpConnection connection) {
		AcpSessionPage page;
		try {
			page = this.store.list(connection.sessionOwnerName(), request.cwd(), request.cursor(), this.listPageSize);
		}
		catch (IllegalArgumentException ex) {
			throw ParamsBinding
				.invalidParams(List.of(ParamsBinding.fieldError("cursor", "is not a cursor this agent gave")));
		}
		List<SessionInfo> sessions = new ArrayList<>(page.sessions().size());
		for (AcpSessionData data : page.sessions()) {
			sessions.add(new SessionInfo(data.sessionId(), data.cwd(),
					data.additionalDirectories().isEmpty() ? null : data.additionalDirectories(), data.title(),
					data.updatedAt().toString()));
		}
		return new ListSessionsResponse(sessions, page.nextCursor());
	}

}
