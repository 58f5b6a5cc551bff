/**
 * The model loop: prompt turns served by a Spring AI {@code ChatClient}, its tools shown
 * as ACP tool calls with permission, and the client's files and terminals as built-in
 * tools. Loaded only when Spring AI is on the class path and {@code acp.ai.enabled=true}.
 */
@NullMarked
package dev.acp.spring.ai;

import org.jspecify.annotations.NullMarked;
