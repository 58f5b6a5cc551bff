/**
 * What an application plugs into the ACP agent:
 * {@link dev.acp.spring.agent.AcpCapabilitiesCustomizer} beans change what is advertised,
 * {@link dev.acp.spring.agent.AcpAuthentication} declares authentication methods,
 * {@link dev.acp.spring.agent.AcpMcpServerPolicy} decides which MCP servers clients may
 * name, {@link dev.acp.spring.agent.AcpParamsSchemaGenerator} and
 * {@link dev.acp.spring.agent.AcpTraceContextWriter} replace a default. The agent itself
 * is in {@link dev.acp.spring.agent.support}.
 * <p>
 * Knows no transport, no Spring Boot, and not its own {@code support} package.
 */
@NullMarked
package dev.acp.spring.agent;

import org.jspecify.annotations.NullMarked;
