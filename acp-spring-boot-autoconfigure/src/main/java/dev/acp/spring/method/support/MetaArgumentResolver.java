package dev.acp.spring.method.support;

import dev.acp.spring.annotation.AcpMeta;
import dev.acp.spring.method.AcpArgumentResolver;
import dev.acp.spring.method.AcpRequestContext;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import org.springframework.core.MethodParameter;

/**
 * Binds {@link AcpMeta @AcpMeta} parameters to {@code params._meta}.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class MetaArgumentResolver implements AcpArgumentResolver {

	private final ObjectMapper mapper;

	MetaArgumentResolver(ObjectMapper mapper) {
		this.mapper = mapper;
	}

	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		return parameter.hasParameterAnnotation(AcpMeta.class);
	}

	@Override
	public @Nullable Object resolveArgument(MethodParameter parameter, AcpRequestContext context) {
		JsonNode meta = context.metaNode();
		if (meta == null) {
			return null;
		}
		if (JsonNode.class.isAssignableFrom(parameter.getParameterType())) {
			return meta;
		}
		JavaType type = this.mapper.constructType(parameter.getGenericParameterType());
		return ParamsBinding.bind(this.mapper, meta, type, "_meta");
	}

}
