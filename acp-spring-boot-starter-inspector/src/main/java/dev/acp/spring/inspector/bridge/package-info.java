/**
 * The inspector for any agent over stdio: a small Spring Boot application on the client
 * role, bound to 127.0.0.1, that spawns an agent command and relays its JSON-RPC frames
 * between its standard input and output and the inspector page's WebSocket; it serves the
 * agent's files and terminals from a workspace the person chooses.
 */
@NullMarked
package dev.acp.spring.inspector.bridge;

import org.jspecify.annotations.NullMarked;
