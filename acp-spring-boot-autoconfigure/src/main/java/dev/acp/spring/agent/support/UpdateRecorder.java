package dev.acp.spring.agent.support;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.ObjectMapper;

import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.protocol.SessionUpdate;

/**
 * Records the {@code session/update}s the agent sends for a session its connection
 * serves, and has a full batch written in the middle of the turn.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
final class UpdateRecorder {

	/**
	 * Logs under {@link DefaultAcpSessions}: one category for all of session keeping.
	 */
	private static final Log logger = LogFactory.getLog(DefaultAcpSessions.class);

	private final SessionWriter writer;

	UpdateRecorder(SessionWriter writer) {
		this.writer = writer;
	}

	/**
	 * Record what the agent sent for a session this connection serves: a copy of the
	 * update the application passed, so that changing it afterwards changes no history
	 * (params sent as a map or tree are bound to a new update anyway).
	 * @param params the params of a {@code session/update} notification
	 */
	void record(DefaultAcpConnection connection, @Nullable Object params, ObjectMapper mapper) {
		SessionNotification notification = notification(params, mapper);
		if (notification == null) {
			return;
		}
		DefaultAcpSession session = connection.openSession(notification.sessionId());
		if (session == null) {
			return;
		}
		SessionUpdate update = (params instanceof SessionNotification)
				? DetachedUpdate.of(notification.update(), mapper) : notification.update();
		if (!session.record(update, this.writer.batchSize(), SessionWriter.BATCH_MAX_SIZE)) {
			return;
		}
		try {
			this.writer.flush(session);
		}
		catch (RuntimeException ex) {
			logger.warn("Could not record an update of session '" + session.id() + "'", ex);
		}
	}

	private static @Nullable SessionNotification notification(@Nullable Object params, ObjectMapper mapper) {
		if (params instanceof SessionNotification notification) {
			return notification;
		}
		if (params == null) {
			return null;
		}
		try {
			return mapper.convertValue(params, SessionNotification.class);
		}
		catch (JacksonException | IllegalArgumentException ex) {
			return null;
		}
	}

}
