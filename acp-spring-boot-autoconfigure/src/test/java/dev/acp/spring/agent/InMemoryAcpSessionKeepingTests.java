package dev.acp.spring.agent;

/**
 * {@link AcpSessionKeepingTests} on the in-memory store.
 *
 * @author ACP Spring Boot Starter contributors
 */
class InMemoryAcpSessionKeepingTests extends AcpSessionKeepingTests {

}
