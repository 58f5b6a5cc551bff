package dev.acp.spring.method;

import org.springframework.core.MethodParameter;

/**
 * Supplies {@link AcpRequestContext}, {@link AcpConnection} and {@link AcpClient}.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ContextArgumentResolver implements AcpArgumentResolver {

	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		Class<?> type = parameter.getParameterType();
		return type == AcpRequestContext.class || type == AcpConnection.class || type == AcpClient.class;
	}

	@Override
	public Object resolveArgument(MethodParameter parameter, AcpRequestContext context) {
		Class<?> type = parameter.getParameterType();
		if (type == AcpConnection.class) {
			return context.connection();
		}
		return (type == AcpClient.class) ? context.client() : context;
	}

}
