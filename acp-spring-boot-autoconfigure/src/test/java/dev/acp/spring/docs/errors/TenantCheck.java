package dev.acp.spring.docs.errors;

import java.util.Set;

import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpHandlerInterceptor;
import dev.acp.spring.method.AcpInterceptorChain;
import dev.acp.spring.method.AcpRequestContext;

import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;

/**
 * The tenant check of {@code docs/programming-model.md}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Component
@Order(1)
class TenantCheck implements AcpHandlerInterceptor {

	private final Set<String> tenants = Set.of("acme", "globex");

	@Override
	public Object intercept(AcpRequestContext context, AcpInterceptorChain chain) {
		Object tenant = context.meta().get("example.com/tenant");
		if (!this.tenants.contains(tenant)) {
			throw new AcpException(-32000, "Unknown tenant", tenant);
		}
		return chain.proceed();
	}

}
