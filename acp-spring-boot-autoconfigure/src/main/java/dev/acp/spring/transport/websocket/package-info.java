/**
 * The WebSocket transport: one ACP connection per socket, one JSON-RPC message per text
 * frame, with bounded message size, requests in flight and send buffer, and an optional
 * bearer-token check on the handshake.
 * <p>
 * Knows the JSON-RPC layer and Spring WebSocket, nothing above it.
 */
@NullMarked
package dev.acp.spring.transport.websocket;

import org.jspecify.annotations.NullMarked;
