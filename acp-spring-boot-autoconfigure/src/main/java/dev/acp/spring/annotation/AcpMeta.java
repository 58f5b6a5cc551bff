package dev.acp.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Binds a handler parameter to {@code params._meta} ({@code Map}, {@code JsonNode} or any
 * type Jackson can read it as); {@code null} when absent.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Target(ElementType.PARAMETER)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface AcpMeta {

}
