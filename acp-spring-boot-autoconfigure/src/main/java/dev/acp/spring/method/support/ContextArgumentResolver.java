package dev.acp.spring.method.support;

import dev.acp.spring.method.AcpArgumentResolver;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpRequestContext;

import org.springframework.core.MethodParameter;

/**
 * Supplies {@link AcpRequestContext}, {@link AcpConnection} and {@link AcpClient}.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ContextArgumentResolver implements AcpArgumentResolver {

	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		return supports(parameter.getParameterType());
	}

	@Override
	public Object resolveArgument(MethodParameter parameter, AcpRequestContext context) {
		return resolve(parameter.getParameterType(), context);
	}

	static boolean supports(Class<?> type) {
		return type == AcpRequestContext.class || type == AcpConnection.class || type == AcpClient.class;
	}

	static Object resolve(Class<?> type, AcpRequestContext context) {
		if (type == AcpConnection.class) {
			return context.connection();
		}
		return (type == AcpClient.class) ? context.client() : context;
	}

}
