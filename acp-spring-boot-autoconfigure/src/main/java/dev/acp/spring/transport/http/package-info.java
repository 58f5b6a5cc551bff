/**
 * The Streamable HTTP transport (ACP RFD "Streamable HTTP &amp; WebSocket Transport"):
 * {@code POST} for client messages, long-lived server-sent event streams (one per
 * connection, one per session) for the agent's, {@code DELETE} to end a connection, on
 * the endpoint that also takes WebSocket upgrades. Each connection is one JSON-RPC
 * connection, bounded like a WebSocket one.
 * <p>
 * Knows the JSON-RPC layer, the servlet API and Spring MVC, nothing above it.
 */
@NullMarked
package dev.acp.spring.transport.http;

import org.jspecify.annotations.NullMarked;
