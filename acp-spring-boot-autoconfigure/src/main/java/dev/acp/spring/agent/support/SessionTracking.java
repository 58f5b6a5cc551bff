package dev.acp.spring.agent.support;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.NewSessionResponse;

/**
 * Keeps the starter's sessions in step with the application's own handlers of session
 * methods: a session its {@code session/new} created is kept and served by the
 * connection; one its {@code session/load} or {@code session/resume} opened is served by
 * the connection (refused at once while a turn of it runs on another connection); one its
 * {@code session/close} closed is written and released; one its {@code session/delete}
 * deleted is forgotten; the mode and config option its handlers set are kept.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class SessionTracking {

	private static final Log logger = LogFactory.getLog(SessionTracking.class);

	private static final Set<String> TRACKED = Set.of(AcpMethods.SESSION_NEW, AcpMethods.SESSION_LOAD,
			AcpMethods.SESSION_RESUME, AcpMethods.SESSION_CLOSE, AcpMethods.SESSION_DELETE, AcpMethods.SESSION_SET_MODE,
			AcpMethods.SESSION_SET_CONFIG_OPTION);

	private final DefaultAcpSessions sessions;

	private final DefaultAcpConnection connection;

	private final ObjectMapper mapper;

	SessionTracking(DefaultAcpSessions sessions, DefaultAcpConnection connection, ObjectMapper mapper) {
		this.sessions = sessions;
		this.connection = connection;
		this.mapper = mapper;
	}

	static boolean isTracked(String method) {
		return TRACKED.contains(method);
	}

	CompletionStage<Object> serve(String method, @Nullable JsonNode params, Supplier<CompletionStage<Object>> handler) {
		String sessionId = text(params, "sessionId");
		if (AcpMethods.SESSION_NEW.equals(method)) {
			return handler.get().thenApply((result) -> {
				String created = newSessionId(result);
				if (created != null) {
					this.connection.sessionOpened(created);
					keep(() -> this.sessions.created(this.connection, params, created, result, this.mapper));
				}
				return result;
			});
		}
		if (sessionId == null || params == null) {
			return handler.get();
		}
		if (AcpMethods.SESSION_LOAD.equals(method) || AcpMethods.SESSION_RESUME.equals(method)) {
			return open(params, sessionId, handler);
		}
		return handler.get().thenApply((result) -> {
			keep(() -> after(method, params, sessionId));
			return result;
		});
	}

	private CompletionStage<Object> open(JsonNode params, String sessionId, Supplier<CompletionStage<Object>> handler) {
		boolean claimed;
		try {
			claimed = this.sessions.opening(this.connection, sessionId);
		}
		catch (RuntimeException ex) {
			return CompletableFuture.failedFuture(ex);
		}
		return handler.get().whenComplete((result, failure) -> {
			if (failure == null) {
				this.connection.sessionOpened(sessionId);
				keep(() -> this.sessions.opened(this.connection, sessionId, params, this.mapper, claimed));
			}
			else if (claimed) {
				keep(() -> this.sessions.notOpened(this.connection, sessionId));
			}
		});
	}

	private void after(String method, JsonNode params, String sessionId) {
		switch (method) {
			case AcpMethods.SESSION_CLOSE -> {
				this.sessions.closed(this.connection, sessionId);
				this.connection.sessionClosed(sessionId);
			}
			case AcpMethods.SESSION_DELETE -> this.sessions.forget(this.connection, sessionId);
			case AcpMethods.SESSION_SET_MODE -> {
				DefaultAcpSession session = this.connection.openSession(sessionId);
				String modeId = text(params, "modeId");
				if (session != null && modeId != null) {
					session.setCurrentModeId(modeId);
					this.sessions.persistChange(session);
				}
			}
			case AcpMethods.SESSION_SET_CONFIG_OPTION -> {
				DefaultAcpSession session = this.connection.openSession(sessionId);
				String configId = text(params, "configId");
				JsonNode value = params.get("value");
				if (session != null && configId != null && value != null && value.isValueNode()) {
					session.setConfigOption(configId, value.asString());
					this.sessions.persistChange(session);
				}
			}
			default -> {
			}
		}
	}

	private void keep(Runnable action) {
		try {
			action.run();
		}
		catch (RuntimeException ex) {
			logger.warn("Could not keep the session state in the session store", ex);
		}
	}

	private @Nullable String newSessionId(@Nullable Object result) {
		if (result instanceof NewSessionResponse response) {
			return response.sessionId();
		}
		JsonNode tree = (result instanceof JsonNode node) ? node
				: (result instanceof Map<?, ?> map) ? this.mapper.valueToTree(map) : null;
		return text(tree, "sessionId");
	}

	private static @Nullable String text(@Nullable JsonNode params, String field) {
		JsonNode node = (params != null) ? params.get(field) : null;
		return (node != null && node.isString()) ? node.stringValue() : null;
	}

}
