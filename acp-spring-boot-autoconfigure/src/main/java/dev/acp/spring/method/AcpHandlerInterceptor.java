package dev.acp.spring.method;

import org.jspecify.annotations.Nullable;

/**
 * Runs around every handler call, requests and notifications alike: for auditing, quotas,
 * tenant checks. Declare it as a bean; several run in their order
 * ({@link org.springframework.core.annotation.Order @Order} or
 * {@link org.springframework.core.Ordered}), the first outermost.
 * <p>
 * An interceptor runs on the thread that calls the handler, before params are bound, so
 * it sees every call that reaches a handler (not those refused before, such as a request
 * before {@code initialize}). Keep it quick: for a {@code nonBlocking} handler that
 * thread reads the connection, so an interceptor that blocks stalls it. It may:
 * <ul>
 * <li>go on: {@code return chain.proceed();}, and act on the outcome with the stage it
 * returns (it completes when the handler's value or {@code CompletionStage} does);</li>
 * <li>answer without calling the handler: return a value (or a {@code CompletionStage} of
 * one), or throw an {@link AcpException} to answer that error.</li>
 * </ul>
 * What it throws otherwise goes to the {@code @AcpExceptionHandler} methods, then to the
 * built-in translation. The answer to a notification is dropped.
 *
 * @author ACP Spring Boot Starter contributors
 */
@FunctionalInterface
public interface AcpHandlerInterceptor {

	/**
	 * Intercept one call.
	 * @param context the call: method, request id, params, {@code _meta}, session id,
	 * connection
	 * @param chain the rest of the chain, ending with the handler
	 * @return the result to answer: a value, a {@code CompletionStage}, or {@code null}
	 * (answered {@code {}})
	 * @throws Exception to answer an error
	 */
	@Nullable Object intercept(AcpRequestContext context, AcpInterceptorChain chain) throws Exception;

}
