package dev.acp.spring.session;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * One page of {@link AcpSessionStore#list}: the most recently updated sessions first.
 *
 * @param sessions the sessions of this page
 * @param nextCursor the opaque cursor of the next page, or {@code null} on the last page
 * @author ACP Spring Boot Starter contributors
 */
public record AcpSessionPage(List<AcpSessionData> sessions, @Nullable String nextCursor) {

	public AcpSessionPage {
		sessions = List.copyOf(sessions);
	}

}
