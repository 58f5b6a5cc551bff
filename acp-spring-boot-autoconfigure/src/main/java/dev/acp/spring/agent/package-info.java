/**
 * The ACP agent: serves each connection a transport opens, answers {@code initialize}
 * (version negotiation, capabilities derived from the registered handlers, extension
 * metadata, authentication methods), keeps per-connection state and makes typed calls to
 * the client.
 * <p>
 * Builds on every layer below it (JSON-RPC, protocol, handler model) and knows no
 * transport and no Spring Boot; {@link dev.acp.spring.agent.AcpCapabilitiesCustomizer}
 * beans let an application change what is advertised.
 */
package dev.acp.spring.agent;
