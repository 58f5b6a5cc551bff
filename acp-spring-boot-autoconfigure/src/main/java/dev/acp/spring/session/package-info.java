/**
 * Sessions owned by the starter: the stored form of a session
 * ({@link dev.acp.spring.session.AcpSessionData}), its history of
 * {@code session/update}s, and the {@link dev.acp.spring.session.AcpSessionStore} that
 * keeps them, in memory or in a database.
 * <p>
 * Knows the protocol records only: no transport, no Spring Boot.
 */
@NullMarked
package dev.acp.spring.session;

import org.jspecify.annotations.NullMarked;
