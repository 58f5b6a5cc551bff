/**
 * The client role: drive ACP agents from an application.
 * {@link dev.acp.spring.client.AcpAgents} hands out an
 * {@link dev.acp.spring.client.AcpAgentClient} per configured agent; what the agents call
 * back ({@code fs/*}, {@code terminal/*}, {@code session/request_permission}, client
 * extensions) is served by beans.
 */
@NullMarked
package dev.acp.spring.client;

import org.jspecify.annotations.NullMarked;
