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

	/**
	 * Whether the method never blocks: no I/O, no waiting on locks, on other threads or
	 * on the client. It is then called on the connection's reading thread, which saves a
	 * thread hand-off per call. A method may still return a {@code CompletionStage} that
	 * completes later. A non-blocking method that blocks stalls its whole connection, and
	 * one that waits for an answer from the client deadlocks it.
	 * @return whether the method never blocks
	 */
	boolean nonBlocking() default false;

}
