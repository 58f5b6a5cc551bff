package dev.acp.spring.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method that maps an exception thrown by ACP handlers to the error answered. On
 * a bean with {@link AcpMethod @AcpMethod} or {@link AcpNotification @AcpNotification}
 * methods it serves that bean's handlers; on an {@link AcpControllerAdvice
 * &#64;AcpControllerAdvice} bean it serves every handler. For one failure the handler's
 * own bean is asked first, then the advice beans in their order; within a bean the method
 * declared for the closest type wins, and the exception's causes are tried when nothing
 * matches the exception itself.
 * <p>
 * Parameters: the exception (any {@code Throwable} type), {@code AcpRequestContext},
 * {@code AcpConnection}, {@code AcpClient}. Returns: an {@code AcpException} (or any
 * {@code JsonRpcException}) or a {@code JsonRpcError} to answer that error; {@code null}
 * or {@code void} to leave the failure to the built-in translation (-32603
 * {@code Internal error}, logged). Throwing an {@code AcpException} answers it too.
 * <p>
 * Failures that already carry their answer are not offered: an {@code AcpException},
 * invalid params (-32602), a closed connection, and anything after the call was
 * cancelled.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface AcpExceptionHandler {

	/**
	 * The exception types handled; empty for the types of the method's {@code Throwable}
	 * parameters.
	 * @return the exception types
	 */
	Class<? extends Throwable>[] value() default {};

}
