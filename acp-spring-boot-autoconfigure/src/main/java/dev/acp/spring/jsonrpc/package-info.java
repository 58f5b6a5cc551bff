/**
 * JSON-RPC 2.0, the bottom layer: the message model, the codec (one frame to one message
 * or a precise error, and back) and the bidirectional connection (inbound dispatch in
 * order, outbound request correlation, timeouts, cancellation).
 * <p>
 * Knows Jackson only: no ACP, no Spring, no transport. Transports feed it frames and give
 * it a {@link dev.acp.spring.jsonrpc.MessageSink}; the agent layer serves what it
 * dispatches.
 */
@NullMarked
package dev.acp.spring.jsonrpc;

import org.jspecify.annotations.NullMarked;
