package dev.acp.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a bean method that serves an ACP request. The name is the verbatim wire name: an
 * extension method starting with {@code _}, or a core ACP method such as
 * {@code session/prompt}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface AcpMethod {

	/**
	 * The wire name of the method.
	 * @return the name
	 */
	String value();

}
