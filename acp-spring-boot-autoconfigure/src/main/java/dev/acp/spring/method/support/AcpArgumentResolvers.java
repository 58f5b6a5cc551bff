package dev.acp.spring.method.support;

import java.util.List;

import dev.acp.spring.method.AcpArgumentResolver;
import org.jspecify.annotations.Nullable;

import tools.jackson.databind.ObjectMapper;

/**
 * The built-in argument resolvers, in the order they are asked: the call context, then
 * {@link dev.acp.spring.annotation.AcpMeta @AcpMeta}, then the params catch-all.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpArgumentResolvers {

	private AcpArgumentResolvers() {
	}

	/**
	 * The built-in resolvers.
	 * @param mapper the protocol mapper
	 * @param validator a {@code jakarta.validation.Validator}, or {@code null}
	 * @return the resolvers
	 */
	public static List<AcpArgumentResolver> builtIn(ObjectMapper mapper, @Nullable Object validator) {
		return List.of(new ContextArgumentResolver(), new MetaArgumentResolver(mapper),
				new ParamsArgumentResolver(mapper, validator));
	}

}
