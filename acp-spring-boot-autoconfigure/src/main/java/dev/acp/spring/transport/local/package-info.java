/**
 * The local transport of a warm agent: launchers connect over a Unix domain socket, each
 * socket one connection carried as standard input and output would carry it.
 * <p>
 * Knows the JSON-RPC layer and the stdio framing, nothing above them.
 */
@NullMarked
package dev.acp.spring.transport.local;

import org.jspecify.annotations.NullMarked;
