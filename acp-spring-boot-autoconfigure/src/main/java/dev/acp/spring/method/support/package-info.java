/**
 * The machinery of handler methods, which applications neither write nor call: discovery
 * of annotated bean methods once all singletons exist, the frozen
 * {@link dev.acp.spring.method.support.AcpMethodRegistry}, params binding and validation,
 * argument resolution (user {@link dev.acp.spring.method.AcpArgumentResolver} beans
 * first), return handling and exception translation.
 * <p>
 * Knows Spring core, the protocol, the JSON-RPC layer and the handler model; no
 * transport, no Spring Boot.
 */
@NullMarked
package dev.acp.spring.method.support;

import org.jspecify.annotations.NullMarked;
