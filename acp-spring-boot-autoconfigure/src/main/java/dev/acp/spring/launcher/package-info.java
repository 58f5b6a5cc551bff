/**
 * The thin launcher of a warm agent: relays an editor's standard input and output to an
 * agent JVM that is already running, starting it when none runs. Depends on
 * {@code java.base} only, so that it starts in tens of milliseconds.
 */
@NullMarked
package dev.acp.spring.launcher;

import org.jspecify.annotations.NullMarked;
