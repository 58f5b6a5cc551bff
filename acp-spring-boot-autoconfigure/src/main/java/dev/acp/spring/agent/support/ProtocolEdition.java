package dev.acp.spring.agent.support;

import dev.acp.spring.protocol.InitializeRequest;
import dev.acp.spring.protocol.InitializeResponse;
import dev.acp.spring.protocol.SessionUpdate;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The protocol version one connection speaks, fixed by its first {@code initialize}: how
 * its messages translate to and from the version-free model the handlers see (the v1
 * records).
 *
 * @author ACP Spring Boot Starter contributors
 */
interface ProtocolEdition {

	/**
	 * The protocol version.
	 */
	int version();

	/**
	 * Bind the params of {@code initialize} to what the handlers see.
	 * @throws dev.acp.spring.method.AcpException -32602 when they do not bind
	 */
	InitializeRequest initializeRequest(JsonNode params, ObjectMapper mapper);

	/**
	 * The answer to {@code initialize} in this version's shape.
	 * @param response the answer in the model's shape, narrowed to the connection
	 * @param stdioMcpServers whether the connection may name some stdio MCP server
	 */
	Object initializeResponse(InitializeResponse response, boolean stdioMcpServers);

	/**
	 * Whether a method exists in this version; the others are answered -32601 and, as
	 * notifications, ignored.
	 */
	boolean knows(String method);

	/**
	 * The method the handlers know a request of this version by.
	 * @param params its params, or {@code null} when not known yet
	 */
	String modelMethod(String method, @Nullable JsonNode params);

	/**
	 * The params of a request of this version as the handlers take them.
	 * @param method the method, as this version names it
	 * @param params the params, an object or {@code null}
	 * @throws dev.acp.spring.method.AcpException -32602 for what cannot be translated
	 */
	@Nullable JsonNode modelParams(String method, @Nullable JsonNode params, ObjectMapper mapper);

	/**
	 * The answer to a request of this version, from what its handler returned.
	 * @param method the method, as this version names it
	 */
	@Nullable Object answer(String method, @Nullable Object result, ObjectMapper mapper);

	/**
	 * The params of a notification the agent sends, in this version's shape.
	 * @param method the method, as the handlers name it
	 * @param params the params in the model's shape
	 * @return the params to send, or {@code null} to send nothing (what this version has
	 * no notion of)
	 */
	@Nullable Object outbound(String method, @Nullable Object params, ObjectMapper mapper);

	/**
	 * The params of a request the agent sends, in this version's shape, as it goes out.
	 * @param connection the connection
	 * @param method the method, as the handlers name it
	 * @param params the params in the model's shape
	 * @return the params to send
	 */
	default @Nullable Object request(DefaultAcpConnection connection, String method, @Nullable Object params,
			ObjectMapper mapper) {
		return params;
	}

	/**
	 * A request the agent sent was answered, failed or was abandoned.
	 * @param connection the connection
	 * @param method the method, as the handlers name it
	 * @param params the params sent ({@link #request})
	 */
	default void requestEnded(DefaultAcpConnection connection, String method, @Nullable Object params,
			ObjectMapper mapper) {
	}

	/**
	 * Why a recorded update cannot be sent in this version without losing what it says,
	 * or {@code null} when it can.
	 * @param update the update as recorded
	 */
	default @Nullable String inexpressible(SessionUpdate update) {
		return null;
	}

	/**
	 * The prompt turns this version renders itself (v2 acknowledges a prompt before its
	 * turn runs and holds the prompts sent meanwhile), or {@code null} when the handler's
	 * answer ends the turn.
	 */
	default @Nullable V2Turns turns() {
		return null;
	}

	/**
	 * The answer to a method of this version no handler serves, when the version defines
	 * one other than -32601.
	 * @param method the method, as this version names it
	 * @return the error, or {@code null} for -32601
	 */
	default @Nullable RuntimeException unserved(String method) {
		return null;
	}

}
