package dev.acp.spring.test.slice;

import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpHandlerInterceptor;
import dev.acp.spring.method.AcpInterceptorChain;
import dev.acp.spring.method.AcpRequestContext;

import org.springframework.stereotype.Component;

/**
 * An interceptor refusing the calls of one method, as a quota would.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Component
class QuotaInterceptor implements AcpHandlerInterceptor {

	static final int QUOTA_EXCEEDED = -32050;

	@Override
	public Object intercept(AcpRequestContext context, AcpInterceptorChain chain) {
		if ("_slice.test/expensive".equals(context.method())) {
			throw new AcpException(QUOTA_EXCEEDED, "Quota exceeded");
		}
		return chain.proceed();
	}

}
