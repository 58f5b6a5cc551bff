/**
 * What a handler method uses and what an application plugs into the handler model:
 * {@link dev.acp.spring.method.AcpRequestContext},
 * {@link dev.acp.spring.method.AcpConnection}, {@link dev.acp.spring.method.AcpClient},
 * {@link dev.acp.spring.method.AcpException},
 * {@link dev.acp.spring.method.AcpArgumentResolver argument resolvers} and
 * {@link dev.acp.spring.method.AcpHandlerInterceptor interceptors}. The machinery that
 * discovers, binds and invokes handler methods is in
 * {@link dev.acp.spring.method.support}.
 * <p>
 * Knows Spring core, the protocol and the JSON-RPC layer; no transport, no Spring Boot,
 * and not its own {@code support} package.
 */
@NullMarked
package dev.acp.spring.method;

import org.jspecify.annotations.NullMarked;
