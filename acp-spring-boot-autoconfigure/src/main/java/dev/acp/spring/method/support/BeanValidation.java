package dev.acp.spring.method.support;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import org.jspecify.annotations.Nullable;

import org.springframework.util.ClassUtils;

/**
 * The Bean Validation calls, kept apart so that nothing else loads
 * {@code jakarta.validation} classes when they are absent.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class BeanValidation {

	static final boolean PRESENT = ClassUtils.isPresent("jakarta.validation.Validator",
			BeanValidation.class.getClassLoader());

	private BeanValidation() {
	}

	static boolean isValidator(@Nullable Object candidate) {
		return PRESENT && candidate instanceof Validator;
	}

	static List<Map<String, String>> validate(Object validator, Object value) {
		return describe(((Validator) validator).validate(value));
	}

	private static List<Map<String, String>> describe(Collection<? extends ConstraintViolation<?>> violations) {
		return violations.stream()
			.map((violation) -> ParamsBinding.fieldError(violation.getPropertyPath().toString(),
					violation.getMessage()))
			.sorted(Comparator.comparing((Map<String, String> error) -> error.get("field")))
			.toList();
	}

}
