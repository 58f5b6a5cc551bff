/**
 * The stdio transport: newline-delimited JSON on standard input and output, one message
 * per line, for an agent an editor spawns. Framing only: bounded line reading, batched
 * writes, and the guard that keeps standard output for protocol messages.
 * <p>
 * Knows the JSON-RPC layer and nothing above it; each connection gets its own state from
 * the connection factory it is given.
 */
@NullMarked
package dev.acp.spring.transport.stdio;

import org.jspecify.annotations.NullMarked;
