package dev.acp.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a bean method that serves an ACP notification. The name is the verbatim wire
 * name: an extension notification starting with {@code _}, or {@code session/cancel}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface AcpNotification {

	/**
	 * The wire name of the notification.
	 * @return the name
	 */
	String value();

}
