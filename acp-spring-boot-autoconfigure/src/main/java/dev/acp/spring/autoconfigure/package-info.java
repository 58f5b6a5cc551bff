/**
 * Spring Boot auto-configuration, the top layer: binds {@code acp.*} properties
 * ({@link dev.acp.spring.autoconfigure.AcpProperties}), wires the codec, handler
 * discovery, agent and handler threads, and starts the transport {@code acp.transport}
 * names (stdio by default, WebSocket, or none) with its lifecycle.
 * <p>
 * Knows every other package; nothing else depends on it except
 * {@link dev.acp.spring.actuate}.
 */
@NullMarked
package dev.acp.spring.autoconfigure;

import org.jspecify.annotations.NullMarked;
