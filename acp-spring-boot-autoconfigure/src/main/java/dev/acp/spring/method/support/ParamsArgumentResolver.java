package dev.acp.spring.method.support;

import java.lang.annotation.Annotation;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.acp.spring.method.AcpArgumentResolver;
import dev.acp.spring.method.AcpRequestContext;
import org.jspecify.annotations.Nullable;

import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import org.springframework.beans.BeanUtils;
import org.springframework.core.MethodParameter;

/**
 * Binds the call's {@code params} to the parameter's type (a record, POJO, {@code Map},
 * {@code JsonNode}, ...) with Jackson, unless the starter bound them to that type already
 * ({@link AcpRequestContext#boundParams}), and validates it when it is annotated
 * {@code @Valid} or {@code @Validated} and a Bean Validation validator is available. The
 * catch-all resolver, asked last.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ParamsArgumentResolver implements AcpArgumentResolver {

	private final ObjectMapper mapper;

	private final @Nullable Object validator;

	private final Map<MethodParameter, JavaType> types = new ConcurrentHashMap<>();

	/**
	 * Create a resolver.
	 * @param mapper the protocol mapper
	 * @param validator a {@code jakarta.validation.Validator}, or {@code null}
	 */
	ParamsArgumentResolver(ObjectMapper mapper, @Nullable Object validator) {
		this.mapper = mapper;
		this.validator = BeanValidation.isValidator(validator) ? validator : null;
	}

	/**
	 * The validator.
	 * @return a {@code jakarta.validation.Validator}, or {@code null}
	 */
	@Nullable Object validator() {
		return this.validator;
	}

	@Override
	public boolean supportsParameter(MethodParameter parameter) {
		Class<?> type = parameter.getParameterType();
		return JsonNode.class.isAssignableFrom(type) || !BeanUtils.isSimpleProperty(type);
	}

	@Override
	public @Nullable Object resolveArgument(MethodParameter parameter, AcpRequestContext context) {
		JsonNode params = context.params();
		Class<?> type = parameter.getParameterType();
		if (JsonNode.class.isAssignableFrom(type)) {
			return params;
		}
		Object value = (parameter.getGenericParameterType() == type) ? context.boundParams(type, this.mapper) : null;
		if (value == null) {
			JavaType javaType = this.types.computeIfAbsent(parameter,
					(key) -> this.mapper.constructType(key.getGenericParameterType()));
			value = ParamsBinding.bind(this.mapper, (params != null) ? params : this.mapper.createObjectNode(),
					javaType, null);
		}
		Object validator = this.validator;
		if (validator != null && value != null && isValidated(parameter)) {
			validate(validator, value);
		}
		return value;
	}

	private boolean isValidated(MethodParameter parameter) {
		for (Annotation annotation : parameter.getParameterAnnotations()) {
			String name = annotation.annotationType().getName();
			if (name.equals("jakarta.validation.Valid")
					|| name.equals("org.springframework.validation.annotation.Validated")) {
				return true;
			}
		}
		return false;
	}

	private static void validate(Object validator, Object value) {
		List<Map<String, String>> errors = BeanValidation.validate(validator, value);
		if (!errors.isEmpty()) {
			throw ParamsBinding.invalidParams(errors);
		}
	}

}
