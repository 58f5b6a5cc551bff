package dev.acp.spring.test;

import tools.jackson.databind.JsonNode;

/**
 * A request or notification the agent sent to an {@link AcpTestClient}.
 *
 * @param method the method name
 * @param params the params as received, or {@code null} when absent
 * @author ACP Spring Boot Starter contributors
 */
public record AcpReceivedMessage(String method, JsonNode params) {

}
