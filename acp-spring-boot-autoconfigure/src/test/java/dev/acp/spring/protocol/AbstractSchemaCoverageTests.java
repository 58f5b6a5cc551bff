package dev.acp.spring.protocol;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

import org.jspecify.annotations.NullMarked;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The checks of a protocol package against its JSON Schema that v1 and v2 share: every
 * {@code $defs} entry has a type (or is excluded, with the reason), every string enum is
 * an open value knowing every constant, every schema property is a record component,
 * every required property is enforced, and exactly the optional properties are nullable.
 */
public abstract class AbstractSchemaCoverageTests {

	private final Class<?> anchor;

	private final Map<String, String> excluded;

	private final Map<String, List<Class<?>>> mapped;

	private final int definitions;

	private final int properties;

	private final int required;

	protected final SchemaChecks checks;

	protected final SchemaTypes types;

	/**
	 * Checks a protocol package.
	 * @param schema the schema's resource path
	 * @param anchor a class of the package
	 * @param excluded {@code $defs} with no class of their own, with the reason
	 * @param mapped {@code $defs} whose class has another simple name; the first class is
	 * the one bound in the required-properties check
	 * @param mixinOf variant {@code $defs} whose record also holds the common fields of a
	 * parent {@code $def}
	 * @param definitions how many {@code $defs} the schema has
	 * @param properties fewest properties checked as components and for nullability
	 * @param required fewest required properties checked
	 */
	protected AbstractSchemaCoverageTests(String schema, Class<?> anchor, Map<String, String> excluded,
			Map<String, List<Class<?>>> mapped, Map<String, String> mixinOf, int definitions, int properties,
			int required) {
		this.anchor = anchor;
		this.excluded = excluded;
		this.mapped = mapped;
		this.definitions = definitions;
		this.properties = properties;
		this.required = required;
		this.checks = new SchemaChecks(schema, mixinOf);
		this.types = new SchemaTypes(anchor, mapped);
	}

	/**
	 * Whether a {@code $def} has no class of its own.
	 * @param def the {@code $def}
	 * @return whether it is excluded
	 */
	protected boolean excluded(String def) {
		return this.excluded.containsKey(def);
	}

	/**
	 * Runs a check on every {@code $def} not excluded, for each of its classes.
	 * @param check the check
	 */
	private void forEachTyped(BiConsumer<String, Class<?>> check) {
		for (String def : this.checks.defNames()) {
			if (!excluded(def)) {
				this.types.of(def).forEach((type) -> check.accept(def, type));
			}
		}
	}

	@Test
	void theSchemaIsTheOneOfTheSdk() {
		assertThat(this.checks.defNames()).hasSize(this.definitions);
		assertThat(this.excluded.keySet())
			.allSatisfy((name) -> assertThat(this.checks.defs().has(name)).as(name).isTrue());
		assertThat(this.mapped.keySet())
			.allSatisfy((name) -> assertThat(this.checks.defs().has(name)).as(name).isTrue());
	}

	@Test
	void everyDefinitionHasAType() {
		List<String> missing = this.checks.defNames()
			.stream()
			.filter((def) -> !excluded(def) && this.types.of(def).isEmpty())
			.toList();
		assertThat(missing).as("$defs without a class in " + this.anchor.getPackageName()).isEmpty();
	}

	@Test
	void everyStringEnumIsAnOpenValueKnowingEveryConstant() throws Exception {
		for (String def : this.checks.defNames()) {
			JsonNode schema = this.checks.defs().get(def);
			JsonNode branches = schema.has("oneOf") ? schema.get("oneOf") : schema.get("anyOf");
			if (excluded(def) || branches == null || !branches.get(0).has("const")
					|| !branches.get(0).get("const").isString()) {
				continue;
			}
			Class<?> type = this.types.of(def).get(0);
			assertThat(OpenValue.class).as(def).isAssignableFrom(type);
			Method of = type.getMethod("of", String.class);
			for (JsonNode branch : branches) {
				if (branch.has("const")) {
					OpenValue value = (OpenValue) of.invoke(null, branch.get("const").stringValue());
					assertThat(value.isKnown()).as(def + " " + branch.get("const")).isTrue();
				}
			}
		}
	}

	@Test
	void everySchemaPropertyIsARecordComponent() {
		forEachTyped(this.checks::propertiesAreComponents);
		assertThat(this.checks.problems()).isEmpty();
		assertThat(this.checks.checked()).isGreaterThan(this.properties);
	}

	@Test
	void everyRequiredPropertyIsEnforced() {
		for (String def : this.checks.defNames()) {
			if (!excluded(def)) {
				this.checks.requiredPropertiesAreEnforced(def, this.types.of(def).get(0));
			}
		}
		assertThat(this.checks.problems()).isEmpty();
		assertThat(this.checks.checked()).isGreaterThan(this.required);
	}

	@Test
	void exactlyTheOptionalPropertiesAreNullable() {
		assertThat(this.anchor.getPackage().isAnnotationPresent(NullMarked.class)).isTrue();
		forEachTyped(this.checks::exactlyTheOptionalPropertiesAreNullable);
		assertThat(this.checks.problems()).isEmpty();
		assertThat(this.checks.checked()).isGreaterThan(this.properties);
	}

}
