package dev.acp.spring.method.support;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.Validator;
import jakarta.validation.executable.ExecutableValidator;
import jakarta.validation.metadata.MethodDescriptor;
import org.jspecify.annotations.Nullable;

import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.validation.annotation.Validated;

/**
 * The check of a {@code @Validated} handler's arguments, kept in a class of its own: its
 * code refers to {@code jakarta.validation} types that the JVM loads as soon as the class
 * is verified, so only an application with Bean Validation may load it.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class HandlerArgumentsValidation {

	private HandlerArgumentsValidation() {
	}

	/**
	 * The check of a handler's arguments against the constraints of its method, run by
	 * the starter before the call, when the handler's class is {@code @Validated} (where
	 * Spring's method validation would check them inside the call, where a violation is
	 * indistinguishable from one of a bean the handler calls).
	 * @param validator the validator
	 * @param targetType the handler's class
	 * @param method the handler method as declared on that class
	 * @param roots per argument, the place of its value in the message: {@code ""} for
	 * {@code params}, {@code "_meta"} for {@code params._meta}, {@code null} for an
	 * argument that does not come from the message
	 * @return the check, or {@code null} when there is nothing to check
	 */
	static AcpHandlerMethod.@Nullable ArgumentsValidation of(Object validator, Class<?> targetType, Method method,
			@Nullable String[] roots) {
		if (AnnotationUtils.findAnnotation(targetType, Validated.class) == null) {
			return null;
		}
		MethodDescriptor descriptor = ((Validator) validator).getConstraintsForClass(targetType)
			.getConstraintsForMethod(method.getName(), method.getParameterTypes());
		if (descriptor == null || !descriptor.hasConstrainedParameters()) {
			return null;
		}
		ExecutableValidator executables = ((Validator) validator).forExecutables();
		Class<?>[] groups = groups(targetType, method);
		return (target, arguments) -> {
			if (!method.getDeclaringClass().isInstance(target)) {
				return;
			}
			Set<ConstraintViolation<Object>> violations = executables.validateParameters(target, method, arguments,
					groups);
			if (!violations.isEmpty()) {
				throw argumentsViolated(violations, roots);
			}
		};
	}

	private static Class<?>[] groups(Class<?> targetType, Method method) {
		Validated validated = AnnotationUtils.findAnnotation(method, Validated.class);
		if (validated == null) {
			validated = AnnotationUtils.findAnnotation(targetType, Validated.class);
		}
		return (validated != null) ? validated.value() : new Class<?>[0];
	}

	/**
	 * The -32602 error naming the fields of the message that violate the constraints, or,
	 * when an argument that does not come from the message violates one, the violation
	 * itself: the agent's own failure.
	 */
	private static RuntimeException argumentsViolated(Set<ConstraintViolation<Object>> violations,
			@Nullable String[] roots) {
		List<Map<String, String>> errors = new ArrayList<>();
		for (ConstraintViolation<Object> violation : violations) {
			String field = field(violation.getPropertyPath(), roots);
			if (field == null) {
				return new ConstraintViolationException(violations);
			}
			errors.add(ParamsBinding.fieldError(field, violation.getMessage()));
		}
		errors.sort(Comparator.comparing((Map<String, String> error) -> error.get("field")));
		return ParamsBinding.invalidParams(errors);
	}

	/**
	 * The path of a violation in the message: the nodes below the method's parameter,
	 * under that parameter's root.
	 */
	private static @Nullable String field(Path path, @Nullable String[] roots) {
		Iterator<Path.Node> nodes = path.iterator();
		StringBuilder field = null;
		while (nodes.hasNext()) {
			Path.Node node = nodes.next();
			if (field == null) {
				if (node.getKind() == ElementKind.CROSS_PARAMETER) {
					return "params";
				}
				if (node.getKind() == ElementKind.PARAMETER) {
					String root = roots[node.as(Path.ParameterNode.class).getParameterIndex()];
					if (root == null) {
						return null;
					}
					field = new StringBuilder(root);
				}
				continue;
			}
			if (node.isInIterable()) {
				Object index = (node.getIndex() != null) ? node.getIndex() : node.getKey();
				field.append('[').append((index != null) ? index : "").append(']');
			}
			if (node.getName() != null && node.getKind() != ElementKind.CONTAINER_ELEMENT
					&& node.getKind() != ElementKind.BEAN) {
				if (!field.isEmpty()) {
					field.append('.');
				}
				field.append(node.getName());
			}
		}
		return (field == null || field.isEmpty()) ? "params" : field.toString();
	}

}
