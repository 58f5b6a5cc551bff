package dev.acp.spring.method;

import org.jspecify.annotations.Nullable;
import org.springframework.core.MethodParameter;

/**
 * Resolves one parameter of a handler method from the call being served. Resolver beans
 * of the application are asked before the built-in ones.
 *
 * @author ACP Spring Boot Starter contributors
 */
public interface AcpArgumentResolver {

	/**
	 * Whether this resolver supplies the parameter; asked once per parameter at start-up.
	 * @param parameter the parameter
	 * @return whether supported
	 */
	boolean supportsParameter(MethodParameter parameter);

	/**
	 * Resolve the argument for one call.
	 * @param parameter the parameter
	 * @param context the call
	 * @return the argument, {@code null} where the parameter takes none (an absent
	 * {@code _meta}, say)
	 * @throws Exception on failure; an {@link AcpException} answers its error
	 */
	@Nullable Object resolveArgument(MethodParameter parameter, AcpRequestContext context) throws Exception;

}
