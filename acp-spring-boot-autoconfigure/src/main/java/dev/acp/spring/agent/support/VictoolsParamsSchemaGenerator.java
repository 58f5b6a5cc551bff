package dev.acp.spring.agent.support;

import java.lang.reflect.Type;

import dev.acp.spring.agent.AcpParamsSchemaGenerator;

import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.module.jackson.JacksonModule;
import com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationModule;
import com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationOption;
import org.jspecify.annotations.Nullable;

import org.springframework.util.ClassUtils;

/**
 * JSON Schema (draft 2020-12) of params types by the victools generator: record
 * components and bean properties under their JSON names, and, with Bean Validation on the
 * class path, the constraints of its annotations ({@code @NotNull} makes a property
 * required, {@code @Size}, {@code @Min}, {@code @Pattern} and the like bound it). The
 * generator is built on first use, so that an application that advertises no schema does
 * not pay for it.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class VictoolsParamsSchemaGenerator implements AcpParamsSchemaGenerator {

	private static final String CONSTRAINT_CLASS = "jakarta.validation.constraints.NotNull";

	private volatile @Nullable SchemaGenerator generator;

	@Override
	public Object schemaOf(Type paramsType) {
		return generator().generateSchema(paramsType);
	}

	private SchemaGenerator generator() {
		SchemaGenerator current = this.generator;
		if (current == null) {
			synchronized (this) {
				current = this.generator;
				if (current == null) {
					current = create();
					this.generator = current;
				}
			}
		}
		return current;
	}

	private static SchemaGenerator create() {
		SchemaGeneratorConfigBuilder config = new SchemaGeneratorConfigBuilder(SchemaVersion.DRAFT_2020_12,
				OptionPreset.PLAIN_JSON)
			.with(new JacksonModule());
		if (ClassUtils.isPresent(CONSTRAINT_CLASS, VictoolsParamsSchemaGenerator.class.getClassLoader())) {
			config.with(new JakartaValidationModule(JakartaValidationOption.NOT_NULLABLE_FIELD_IS_REQUIRED,
					JakartaValidationOption.INCLUDE_PATTERN_EXPRESSIONS));
		}
		return new SchemaGenerator(config.build());
	}

}
