package dev.acp.spring.test;

import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * A request or notification the agent sent to an {@link AcpTestClient}.
 *
 * @param method the method name
 * @param params the params as received, or {@code null} when absent
 * @author ACP Spring Boot Starter contributors
 */
public record AcpReceivedMessage(String method, @Nullable JsonNode params) {

}
