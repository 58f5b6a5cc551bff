package dev.acp.spring.method.support;

import java.util.List;

import dev.acp.spring.method.AcpArgumentResolver;
import dev.acp.spring.method.AcpClient;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.method.AcpSessionNotFoundException;
import dev.acp.spring.session.AcpSession;
import org.jspecify.annotations.Nullable;

import org.springframework.core.MethodParameter;

/**
 * Supplies {@link AcpRequestContext}, {@link AcpConnection}, {@link AcpClient} and the
 * {@link AcpSession} the call names.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ContextArgumentResolver implements AcpArgumentResolver {

	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		return supports(parameter.getParameterType());
	}

	@Override
	public @Nullable Object resolveArgument(MethodParameter parameter, AcpRequestContext context) {
		Class<?> type = parameter.getParameterType();
		return (type == AcpSession.class) ? session(context) : resolve(type, context);
	}

	static boolean supports(Class<?> type) {
		return type == AcpRequestContext.class || type == AcpConnection.class || type == AcpClient.class
				|| type == AcpSession.class;
	}

	/**
	 * The value of a context type; the session is {@code null} when the connection serves
	 * none of the call's id (an exception handler may be called for exactly that).
	 */
	static @Nullable Object resolve(Class<?> type, AcpRequestContext context) {
		if (type == AcpConnection.class) {
			return context.connection();
		}
		if (type == AcpSession.class) {
			return context.session();
		}
		return (type == AcpClient.class) ? context.client() : context;
	}

	private static AcpSession session(AcpRequestContext context) {
		String sessionId = context.sessionId();
		if (sessionId == null) {
			throw ParamsBinding.invalidParams(List.of(ParamsBinding.fieldError("sessionId", "is required")));
		}
		AcpSession session = context.connection().session(sessionId);
		if (session == null) {
			throw new AcpSessionNotFoundException(sessionId, "no session of this id is open on this connection");
		}
		return session;
	}

}
