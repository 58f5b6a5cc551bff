package dev.acp.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.core.annotation.AliasFor;
import org.springframework.stereotype.Component;

/**
 * Marks a bean whose {@link AcpExceptionHandler @AcpExceptionHandler} methods serve the
 * handlers of every bean, after the handler bean's own. Several advice beans are asked in
 * their order ({@link org.springframework.core.annotation.Order @Order} or
 * {@link org.springframework.core.Ordered}). A component, so found by component scanning.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Component
public @interface AcpControllerAdvice {

	/**
	 * The bean name, empty for a generated one.
	 * @return the bean name
	 */
	@AliasFor(annotation = Component.class)
	String value() default "";

}
