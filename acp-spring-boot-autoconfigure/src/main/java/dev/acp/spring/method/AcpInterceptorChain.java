package dev.acp.spring.method;

import java.util.concurrent.CompletionStage;

/**
 * The rest of an interceptor chain: the next interceptors, then the handler.
 *
 * @author ACP Spring Boot Starter contributors
 */
@FunctionalInterface
public interface AcpInterceptorChain {

	/**
	 * Call the rest of the chain. Never throws: the stage completes with the handler's
	 * result (the value of its {@code CompletionStage} when it returned one) or fails
	 * with what was thrown, exactly as thrown, before any translation to an error.
	 * @return the outcome
	 */
	CompletionStage<Object> proceed();

}
