package dev.acp.spring.transport.http;

import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * What routing needs of an outbound message, read from its JSON text without building a
 * tree: whether it is a response, its id, and the {@code sessionId} of its params.
 *
 * @param response whether the message is a response
 * @param idKey the key of its id ({@link #key(boolean, String)}), or {@code null}
 * @param sessionId {@code params.sessionId} of a request or notification, or {@code null}
 * @author ACP Spring Boot Starter contributors
 */
record OutboundRoute(boolean response, @Nullable String idKey, @Nullable String sessionId) {

	private static final JsonFactory FACTORY = new JsonFactory();

	/**
	 * The key of a JSON-RPC id.
	 * @param string whether the id is a JSON string
	 * @param text the id's text
	 * @return the key
	 */
	static String key(boolean string, String text) {
		return (string ? "s:" : "n:") + text;
	}

	/**
	 * Read the route of a frame.
	 * @param frame the message (one JSON object)
	 * @return the route
	 */
	static OutboundRoute of(byte[] frame) {
		String idKey = null;
		String sessionId = null;
		boolean method = false;
		boolean params = false;
		boolean response = false;
		try (JsonParser parser = FACTORY.createParser(ObjectReadContext.empty(), frame)) {
			if (parser.nextToken() != JsonToken.START_OBJECT) {
				return new OutboundRoute(false, null, null);
			}
			while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
				String name = parser.currentName();
				JsonToken value = parser.nextToken();
				switch (name) {
					case "id" -> {
						if (value == JsonToken.VALUE_STRING) {
							idKey = key(true, parser.getString());
						}
						else if (value == JsonToken.VALUE_NUMBER_INT || value == JsonToken.VALUE_NUMBER_FLOAT) {
							idKey = key(false, parser.getString());
						}
					}
					case "method" -> {
						method = true;
						if (params) {
							return new OutboundRoute(false, idKey, sessionId);
						}
					}
					case "params" -> {
						if (value == JsonToken.START_OBJECT) {
							sessionId = sessionId(parser, method);
						}
						else {
							parser.skipChildren();
						}
						if (method) {
							return new OutboundRoute(false, idKey, sessionId);
						}
						params = true;
					}
					case "result", "error" -> {
						response = true;
						if (idKey != null) {
							return new OutboundRoute(true, idKey, null);
						}
						parser.skipChildren();
					}
					default -> parser.skipChildren();
				}
			}
		}
		catch (RuntimeException ex) {
			// not a message the codec wrote: routed to the connection's stream
		}
		return new OutboundRoute(response && !method, idKey, method ? sessionId : null);
	}

	/**
	 * Read {@code sessionId} of the params object the parser is at the start of.
	 * @param parser the parser
	 * @param stopAtSessionId whether to stop once it is found (the rest of the message is
	 * not read) rather than at the end of the params
	 * @return the session id, or {@code null}
	 */
	private static @Nullable String sessionId(JsonParser parser, boolean stopAtSessionId) {
		String sessionId = null;
		while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
			String name = parser.currentName();
			JsonToken value = parser.nextToken();
			if ("sessionId".equals(name) && value == JsonToken.VALUE_STRING) {
				sessionId = parser.getString();
				if (stopAtSessionId) {
					return sessionId;
				}
			}
			else {
				parser.skipChildren();
			}
		}
		return sessionId;
	}

}
