/**
 * The fast launch of an application's own agent, as a Spring Boot jar mode
 * ({@code java -Djarmode=acp-fast-launch -jar my-agent.jar}): the extracted jar,
 * class-data archives trained on a real exchange, the thin launcher's script and, on
 * request, a self-contained archive with a runtime trimmed by {@code jlink}.
 */
@NullMarked
package dev.acp.spring.fastlaunch;

import org.jspecify.annotations.NullMarked;
