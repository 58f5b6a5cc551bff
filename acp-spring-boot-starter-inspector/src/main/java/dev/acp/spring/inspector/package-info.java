/**
 * The ACP inspector: a web page that shows a person an ACP agent (its advertisement,
 * extension calls, sessions and prompt turns, the traffic validated against the ACP
 * schema), served beside a remote agent or by a small application that spawns any agent
 * over stdio.
 */
@NullMarked
package dev.acp.spring.inspector;

import org.jspecify.annotations.NullMarked;
