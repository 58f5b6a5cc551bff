/**
 * Handler methods: discovery of annotated bean methods once all singletons exist, the
 * frozen {@link dev.acp.spring.method.AcpMethodRegistry}, argument resolution (user
 * {@link dev.acp.spring.method.AcpArgumentResolver} beans first), return handling,
 * {@link dev.acp.spring.method.AcpHandlerInterceptor interceptors} and exception
 * translation; and what a handler uses while it runs:
 * {@link dev.acp.spring.method.AcpRequestContext},
 * {@link dev.acp.spring.method.AcpConnection}, {@link dev.acp.spring.method.AcpClient}
 * and {@link dev.acp.spring.method.AcpException}.
 * <p>
 * Knows Spring core, the protocol and the JSON-RPC layer; no transport, no Spring Boot.
 */
package dev.acp.spring.method;
