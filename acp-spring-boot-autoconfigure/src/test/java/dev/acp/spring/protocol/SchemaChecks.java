package dev.acp.spring.protocol;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The checks of a protocol type against its {@code $def} in an ACP JSON Schema, shared by
 * the v1, unstable and v2 coverage tests: each check adds what it finds wrong to
 * {@link #problems()} and counts what it checked in {@link #checked()}.
 */
public final class SchemaChecks {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final JsonNode defs;

	private final SchemaSamples samples;

	private final Map<String, String> mixinOf;

	private final List<String> problems = new ArrayList<>();

	private int checked;

	/**
	 * Checks against a schema on the test class path.
	 * @param resource the schema's resource path
	 * @param mixinOf variant {@code $defs} whose record also holds the common fields of a
	 * parent {@code $def} (bound with the parent's required fields)
	 */
	public SchemaChecks(String resource, Map<String, String> mixinOf) {
		this.defs = read(resource).get("$defs");
		this.samples = new SchemaSamples(this.defs);
		this.mixinOf = mixinOf;
	}

	/**
	 * Reads a JSON Schema from the test class path.
	 * @param resource the resource path
	 * @return the schema
	 */
	public static JsonNode read(String resource) {
		try (InputStream in = SchemaChecks.class.getResourceAsStream(resource)) {
			return AcpJsonMapper.create().readTree(in);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	public JsonNode defs() {
		return this.defs;
	}

	public SchemaSamples samples() {
		return this.samples;
	}

	public List<String> defNames() {
		List<String> names = new ArrayList<>();
		this.defs.propertyNames().forEach(names::add);
		return names;
	}

	public List<String> problems() {
		return this.problems;
	}

	public int checked() {
		return this.checked;
	}

	/**
	 * Every schema property of {@code def} is a component of each record of {@code type}.
	 * @param def the {@code $def}
	 * @param type its class (a record, or a sealed interface of records)
	 */
	public void propertiesAreComponents(String def, Class<?> type) {
		JsonNode properties = this.defs.get(def).get("properties");
		if (properties == null) {
			return;
		}
		for (Class<?> record : records(type)) {
			Set<String> components = wireNames(record);
			for (String property : properties.propertyNames()) {
				this.checked++;
				if (!components.contains(property)) {
					this.problems.add(def + "." + property + " missing in " + record.getName());
				}
			}
		}
	}

	/**
	 * A minimal instance of {@code def} binds to {@code type}, and leaving out any one
	 * required property fails naming it.
	 * @param def the {@code $def}
	 * @param type its class
	 */
	public void requiredPropertiesAreEnforced(String def, Class<?> type) {
		JsonNode schema = this.defs.get(def);
		if (isStringEnum(schema)) {
			return;
		}
		JsonNode sample = this.samples.sample(schema);
		if (this.mixinOf.containsKey(def)) {
			ObjectNode merged = ((ObjectNode) this.samples.sample(this.defs.get(this.mixinOf.get(def)))).deepCopy();
			merged.setAll((ObjectNode) sample);
			sample = merged;
		}
		try {
			this.mapper.treeToValue(sample, type);
		}
		catch (JacksonException ex) {
			this.problems.add(def + ": the minimal instance " + sample + " does not bind: " + ex.getOriginalMessage());
			return;
		}
		JsonNode required = schema.get("required");
		if (required == null || !(sample instanceof ObjectNode object)) {
			return;
		}
		for (JsonNode name : required) {
			this.checked++;
			ObjectNode without = object.deepCopy();
			without.remove(name.stringValue());
			try {
				this.mapper.treeToValue(without, type);
				this.problems.add(def + "." + name.stringValue() + " is required but " + without + " binds");
			}
			catch (JacksonException ex) {
				if (!ex.getMessage().contains(name.stringValue())) {
					this.problems.add(def + "." + name.stringValue() + " fails without naming it: " + ex.getMessage());
				}
			}
		}
	}

	/**
	 * Exactly the components of {@code type}'s records that {@code def} does not require
	 * are {@code @Nullable}.
	 * @param def the {@code $def}
	 * @param type its class
	 */
	public void exactlyTheOptionalPropertiesAreNullable(String def, Class<?> type) {
		JsonNode properties = this.defs.get(def).get("properties");
		if (properties == null) {
			return;
		}
		Set<String> required = required(def);
		for (Class<?> record : records(type)) {
			for (RecordComponent component : record.getRecordComponents()) {
				String name = wireName(component);
				if (!properties.has(name)) {
					continue;
				}
				this.checked++;
				boolean nullable = component.getAnnotatedType().isAnnotationPresent(Nullable.class);
				if (nullable == required.contains(name)) {
					this.problems.add(record.getName() + "." + component.getName()
							+ (nullable ? " is @Nullable but required" : " is optional but not @Nullable"));
				}
			}
		}
	}

	/**
	 * The properties {@code def} requires, with those of the parent it is a variant of.
	 * @param def the {@code $def}
	 * @return the required property names
	 */
	public Set<String> required(String def) {
		Set<String> required = new TreeSet<>();
		for (String source : List.of(def, this.mixinOf.getOrDefault(def, def))) {
			this.defs.get(source).path("required").forEach((name) -> required.add(name.stringValue()));
		}
		return required;
	}

	/**
	 * Whether a schema is a string enum (a union of constants and no properties).
	 * @param schema the schema
	 * @return whether it is
	 */
	public static boolean isStringEnum(JsonNode schema) {
		JsonNode branches = schema.has("oneOf") ? schema.get("oneOf") : schema.get("anyOf");
		return branches != null && branches.get(0).has("const") && !schema.has("properties");
	}

	/**
	 * The records a type stands for: itself, or the variants of a sealed interface but
	 * its {@code Unknown}.
	 * @param type the type
	 * @return the records
	 */
	public static List<Class<?>> records(Class<?> type) {
		if (type.isRecord()) {
			return List.of(type);
		}
		List<Class<?>> records = new ArrayList<>();
		if (type.isSealed()) {
			for (Class<?> variant : type.getPermittedSubclasses()) {
				if (variant.isRecord() && !variant.getSimpleName().equals("Unknown")) {
					records.add(variant);
				}
			}
		}
		return records;
	}

	/**
	 * The JSON property names of a record's components.
	 * @param record the record
	 * @return the names
	 */
	public static Set<String> wireNames(Class<?> record) {
		Set<String> names = new TreeSet<>();
		for (RecordComponent component : record.getRecordComponents()) {
			names.add(wireName(component));
		}
		return names;
	}

	/**
	 * The JSON property name of a record component.
	 * @param component the component
	 * @return its name on the wire
	 */
	public static String wireName(RecordComponent component) {
		JsonProperty property = component.getAccessor().getAnnotation(JsonProperty.class);
		return (property != null && !property.value().isEmpty()) ? property.value() : component.getName();
	}

}
