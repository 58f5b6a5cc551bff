package dev.acp.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a bean whose {@link AcpMethod @AcpMethod} and
 * {@link AcpNotification @AcpNotification} methods serve the client side of the protocol:
 * extension calls that the agents this application drives make to it. Its extension
 * namespaces are advertised in {@code clientCapabilities._meta} instead of
 * {@code agentCapabilities._meta}, and only extension names (starting with {@code _}) are
 * allowed.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface AcpClientSide {

}
