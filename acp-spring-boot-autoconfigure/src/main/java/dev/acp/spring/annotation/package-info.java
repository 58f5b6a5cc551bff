/**
 * The annotations application code writes: {@link dev.acp.spring.annotation.AcpMethod
 * &#64;AcpMethod} and {@link dev.acp.spring.annotation.AcpNotification
 * &#64;AcpNotification} on bean methods, {@link dev.acp.spring.annotation.AcpExtension
 * &#64;AcpExtension} on the bean class, {@link dev.acp.spring.annotation.AcpMeta
 * &#64;AcpMeta} on a parameter, {@link dev.acp.spring.annotation.AcpExceptionHandler
 * &#64;AcpExceptionHandler} on methods of handler beans and of
 * {@link dev.acp.spring.annotation.AcpControllerAdvice &#64;AcpControllerAdvice} beans.
 * <p>
 * With {@link dev.acp.spring.method} it forms the handler model, above the protocol and
 * below the agent; it knows no transport.
 */
@NullMarked
package dev.acp.spring.annotation;

import org.jspecify.annotations.NullMarked;
