/**
 * Actuator support: the {@code acp} health indicator and endpoint, meters, and the opt-in
 * health extension for agents without an HTTP port.
 */
@NullMarked
package dev.acp.spring.actuate;

import org.jspecify.annotations.NullMarked;
