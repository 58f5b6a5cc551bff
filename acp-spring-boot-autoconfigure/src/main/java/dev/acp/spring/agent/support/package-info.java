/**
 * The ACP agent, which applications neither write nor call: serves each connection a
 * transport opens, answers {@code initialize} (version negotiation, capabilities derived
 * from the registered handlers, extension metadata, authentication methods), keeps
 * per-connection state, makes typed calls to the client and observes calls.
 * <p>
 * Builds on every layer below it (JSON-RPC, protocol, handler model) and knows no
 * transport and no Spring Boot.
 */
@NullMarked
package dev.acp.spring.agent.support;

import org.jspecify.annotations.NullMarked;
