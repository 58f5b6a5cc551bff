package dev.acp.spring.docs.errors;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.acp.spring.method.AcpHandlerInterceptor;
import dev.acp.spring.method.AcpInterceptorChain;
import dev.acp.spring.method.AcpRequestContext;

import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * The audit interceptor of {@code docs/programming-model.md}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Component
@Order(2)
class AuditLog implements AcpHandlerInterceptor {

	final List<String> entries = new CopyOnWriteArrayList<>();

	@Override
	public Object intercept(AcpRequestContext context, AcpInterceptorChain chain) {
		long start = System.nanoTime();
		return chain.proceed().whenComplete((result, failure) -> record(context, failure, System.nanoTime() - start));
	}

	private void record(AcpRequestContext context, Throwable failure, long nanos) {
		this.entries.add(context.method() + " session=" + context.sessionId() + " failed=" + (failure != null));
	}

}
