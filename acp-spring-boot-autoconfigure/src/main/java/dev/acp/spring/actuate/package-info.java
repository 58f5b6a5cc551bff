/**
 * Actuator support: the {@code acp} health indicator and endpoint, meters, and the opt-in
 * health extension for agents without an HTTP port.
 */
package dev.acp.spring.actuate;
