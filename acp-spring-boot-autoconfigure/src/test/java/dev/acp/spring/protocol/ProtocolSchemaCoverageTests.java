package dev.acp.spring.protocol;

import java.io.File;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.net.URL;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Checks the protocol types against the ACP v1 JSON Schema: every {@code $defs} entry has
 * a type in {@code dev.acp.spring.protocol} (or is excluded below, with the reason),
 * every schema property is a record component, and every required property is enforced.
 * <p>
 * {@code src/test/resources/acp/schema/v1/schema.json} is a byte-identical copy of
 * {@code schema/v1/schema.json} from the npm package {@code @agentclientprotocol/sdk}
 * 2.4.0.
 */
class ProtocolSchemaCoverageTests {

	private static final String PACKAGE = "dev.acp.spring.protocol";

	/**
	 * {@code $defs} with no class of their own.
	 */
	private static final Map<String, String> EXCLUDED = excluded();

	/**
	 * {@code $defs} whose class has another simple name; the first class is the one bound
	 * in the required-fields check.
	 */
	private static final Map<String, List<Class<?>>> MAPPED = mapped();

	private static Map<String, String> excluded() {
		Map<String, String> excluded = new LinkedHashMap<>();
		for (String alias : List.of("SessionId", "ToolCallId", "TerminalId", "PermissionOptionId", "ElicitationId",
				"AuthMethodId", "SessionModeId", "SessionConfigId", "SessionConfigValueId", "SessionConfigGroupId",
				"MessageId", "CompactionId")) {
			excluded.put(alias, "string alias, a String component");
		}
		excluded.put("ProtocolVersion", "uint16 alias, an Integer component");
		excluded.put("ElicitationContentValue",
				"untagged scalar-or-string-array value, a JsonNode (keeps integer and number apart exactly)");
		excluded.put("RequestId", "JSON-RPC id (null, integer or string): jsonrpc layer; a JsonNode in protocol types");
		excluded.put("Error", "JSON-RPC error object: jsonrpc layer");
		excluded.put("ErrorCode", "JSON-RPC error code: jsonrpc layer, constants in AcpErrorCodes");
		for (String envelope : List.of("AgentRequest", "ClientRequest", "AgentResponse", "ClientResponse",
				"AgentNotification", "ClientNotification", "ExtRequest", "ExtResponse", "ExtNotification")) {
			excluded.put(envelope, "JSON-RPC envelope or extension payload: jsonrpc layer and method dispatch");
		}
		return excluded;
	}

	private static Map<String, List<Class<?>>> mapped() {
		Map<String, List<Class<?>>> mapped = new LinkedHashMap<>();
		// content blocks are the variants of ContentBlock
		mapped.put("TextContent", List.of(ContentBlock.Text.class));
		mapped.put("ImageContent", List.of(ContentBlock.Image.class));
		mapped.put("AudioContent", List.of(ContentBlock.Audio.class));
		mapped.put("EmbeddedResource", List.of(ContentBlock.Resource.class));
		// one schema shape, three session update kinds
		mapped.put("ContentChunk", List.of(SessionUpdate.AgentMessageChunk.class, SessionUpdate.UserMessageChunk.class,
				SessionUpdate.AgentThoughtChunk.class));
		// "Terminal" is also a simple name in AuthMethod
		mapped.put("Terminal", List.of(ToolCallContent.Terminal.class));
		mapped.put("SelectedPermissionOutcome", List.of(RequestPermissionOutcome.Selected.class));
		mapped.put("McpServerHttp", List.of(McpServer.Http.class));
		mapped.put("McpServerSse", List.of(McpServer.Sse.class));
		mapped.put("McpServerStdio", List.of(McpServer.Stdio.class));
		mapped.put("AuthMethodTerminal", List.of(AuthMethod.Terminal.class));
		mapped.put("AuthMethodAgent", List.of(AuthMethod.Agent.class));
		// the variant shapes of SessionConfigOption, with its common fields
		mapped.put("SessionConfigSelect", List.of(SessionConfigOption.Select.class));
		mapped.put("SessionConfigBoolean", List.of(SessionConfigOption.BooleanOption.class));
		// the mode shapes of elicitation/create, with its common fields
		mapped.put("ElicitationFormMode", List.of(CreateElicitationRequest.Form.class));
		mapped.put("ElicitationUrlMode", List.of(CreateElicitationRequest.Url.class));
		mapped.put("ElicitationAcceptAction", List.of(CreateElicitationResponse.Accept.class));
		return mapped;
	}

	/**
	 * Variant shapes whose record also holds the common fields of a parent {@code $def}
	 * (bound with the parent's required fields).
	 */
	private static final Map<String, String> MIXIN_OF = Map.of("SessionConfigSelect", "SessionConfigOption",
			"SessionConfigBoolean", "SessionConfigOption", "ElicitationFormMode", "CreateElicitationRequest",
			"ElicitationUrlMode", "CreateElicitationRequest", "ElicitationAcceptAction", "CreateElicitationResponse");

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final JsonNode defs = readSchema().get("$defs");

	private final SchemaSamples samples = new SchemaSamples(this.defs);

	private JsonNode sample(JsonNode schema) {
		return this.samples.sample(schema);
	}

	private JsonNode readSchema() {
		try (InputStream in = getClass().getResourceAsStream("/acp/schema/v1/schema.json")) {
			return this.mapper.readTree(in);
		}
		catch (java.io.IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	static Map<String, List<Class<?>>> protocolClassesBySimpleName() throws Exception {
		URL url = AcpMethods.class.getResource("AcpMethods.class");
		File directory = new File(url.toURI()).getParentFile();
		Map<String, List<Class<?>>> bySimpleName = new LinkedHashMap<>();
		for (String file : new TreeSet<>(List.of(directory.list((dir, name) -> name.endsWith(".class"))))) {
			Class<?> type = Class.forName(PACKAGE + "." + file.substring(0, file.length() - ".class".length()));
			if (!type.isAnonymousClass()) {
				bySimpleName.computeIfAbsent(type.getSimpleName(), (key) -> new ArrayList<>()).add(type);
			}
		}
		return bySimpleName;
	}

	private List<Class<?>> classesOf(String def, Map<String, List<Class<?>>> bySimpleName) {
		if (MAPPED.containsKey(def)) {
			return MAPPED.get(def);
		}
		List<Class<?>> candidates = bySimpleName.getOrDefault(def, List.of());
		List<Class<?>> topLevel = candidates.stream().filter((type) -> type.getEnclosingClass() == null).toList();
		if (!topLevel.isEmpty()) {
			return topLevel;
		}
		if (candidates.size() > 1) {
			fail("$def %s matches several nested classes %s: add it to MAPPED", def, candidates);
		}
		return candidates;
	}

	private List<String> defNames() {
		List<String> names = new ArrayList<>();
		this.defs.propertyNames().forEach(names::add);
		return names;
	}

	@Test
	void theSchemaIsTheOneOfTheSdk() {
		assertThat(defNames()).hasSize(178);
		assertThat(EXCLUDED.keySet()).allSatisfy((name) -> assertThat(this.defs.has(name)).as(name).isTrue());
		assertThat(MAPPED.keySet()).allSatisfy((name) -> assertThat(this.defs.has(name)).as(name).isTrue());
	}

	@Test
	void everyDefinitionHasAType() throws Exception {
		Map<String, List<Class<?>>> bySimpleName = protocolClassesBySimpleName();
		List<String> missing = new ArrayList<>();
		for (String def : defNames()) {
			if (!EXCLUDED.containsKey(def) && classesOf(def, bySimpleName).isEmpty()) {
				missing.add(def);
			}
		}
		assertThat(missing).as("$defs without a class in " + PACKAGE).isEmpty();
	}

	@Test
	void everyStringEnumIsAnOpenValueKnowingEveryConstant() throws Exception {
		Map<String, List<Class<?>>> bySimpleName = protocolClassesBySimpleName();
		for (String def : defNames()) {
			JsonNode branches = this.defs.get(def).has("oneOf") ? this.defs.get(def).get("oneOf")
					: this.defs.get(def).get("anyOf");
			if (EXCLUDED.containsKey(def) || branches == null || !branches.get(0).has("const")
					|| !branches.get(0).get("const").isString()) {
				continue;
			}
			Class<?> type = classesOf(def, bySimpleName).get(0);
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
	void everySchemaPropertyIsARecordComponent() throws Exception {
		Map<String, List<Class<?>>> bySimpleName = protocolClassesBySimpleName();
		List<String> problems = new ArrayList<>();
		int checked = 0;
		for (String def : defNames()) {
			JsonNode properties = this.defs.get(def).get("properties");
			if (EXCLUDED.containsKey(def) || properties == null) {
				continue;
			}
			for (Class<?> type : classesOf(def, bySimpleName)) {
				for (Class<?> record : records(type)) {
					Set<String> components = wireNames(record);
					for (String property : properties.propertyNames()) {
						checked++;
						if (!components.contains(property)) {
							problems.add(def + "." + property + " missing in " + record.getName());
						}
					}
				}
			}
		}
		assertThat(problems).isEmpty();
		assertThat(checked).isGreaterThan(300);
	}

	@Test
	void everyRequiredPropertyIsEnforced() throws Exception {
		Map<String, List<Class<?>>> bySimpleName = protocolClassesBySimpleName();
		List<String> problems = new ArrayList<>();
		int checked = 0;
		for (String def : defNames()) {
			JsonNode schema = this.defs.get(def);
			if (EXCLUDED.containsKey(def) || isStringEnum(schema)) {
				continue;
			}
			Class<?> type = classesOf(def, bySimpleName).get(0);
			JsonNode sample = sample(schema);
			if (MIXIN_OF.containsKey(def)) {
				ObjectNode merged = ((ObjectNode) sample(this.defs.get(MIXIN_OF.get(def)))).deepCopy();
				merged.setAll((ObjectNode) sample);
				sample = merged;
			}
			try {
				this.mapper.treeToValue(sample, type);
			}
			catch (JacksonException ex) {
				problems.add(def + ": the minimal instance " + sample + " does not bind: " + ex.getOriginalMessage());
				continue;
			}
			JsonNode required = schema.get("required");
			if (required == null || !(sample instanceof ObjectNode object)) {
				continue;
			}
			for (JsonNode name : required) {
				checked++;
				ObjectNode without = object.deepCopy();
				without.remove(name.stringValue());
				try {
					this.mapper.treeToValue(without, type);
					problems.add(def + "." + name.stringValue() + " is required but " + without + " binds");
				}
				catch (JacksonException ex) {
					if (!ex.getMessage().contains(name.stringValue())) {
						problems.add(def + "." + name.stringValue() + " fails without naming it: " + ex.getMessage());
					}
				}
			}
		}
		assertThat(problems).isEmpty();
		assertThat(checked).isGreaterThan(100);
	}

	@Test
	void exactlyTheOptionalPropertiesAreNullable() throws Exception {
		assertThat(AcpMethods.class.getPackage().isAnnotationPresent(NullMarked.class)).isTrue();
		Map<String, List<Class<?>>> bySimpleName = protocolClassesBySimpleName();
		List<String> problems = new ArrayList<>();
		int checked = 0;
		for (String def : defNames()) {
			JsonNode schema = this.defs.get(def);
			if (EXCLUDED.containsKey(def) || !schema.has("properties")) {
				continue;
			}
			Set<String> required = new TreeSet<>();
			for (String source : List.of(def, MIXIN_OF.getOrDefault(def, def))) {
				JsonNode names = this.defs.get(source).get("required");
				if (names != null) {
					names.forEach((name) -> required.add(name.stringValue()));
				}
			}
			for (Class<?> type : classesOf(def, bySimpleName)) {
				for (Class<?> record : records(type)) {
					for (RecordComponent component : record.getRecordComponents()) {
						JsonProperty property = component.getAccessor().getAnnotation(JsonProperty.class);
						String name = (property != null && !property.value().isEmpty()) ? property.value()
								: component.getName();
						if (!schema.get("properties").has(name)) {
							continue;
						}
						checked++;
						boolean nullable = component.getAnnotatedType().isAnnotationPresent(Nullable.class);
						if (nullable == required.contains(name)) {
							problems.add(record.getName() + "." + component.getName()
									+ (nullable ? " is @Nullable but required" : " is optional but not @Nullable"));
						}
					}
				}
			}
		}
		assertThat(problems).isEmpty();
		assertThat(checked).isGreaterThan(300);
	}

	static boolean isStringEnum(JsonNode schema) {
		JsonNode branches = schema.has("oneOf") ? schema.get("oneOf") : schema.get("anyOf");
		return branches != null && branches.get(0).has("const") && !schema.has("properties");
	}

	static List<Class<?>> records(Class<?> type) {
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

	static Set<String> wireNames(Class<?> record) {
		Set<String> names = new TreeSet<>();
		for (RecordComponent component : record.getRecordComponents()) {
			JsonProperty property = component.getAccessor().getAnnotation(JsonProperty.class);
			names.add((property != null && !property.value().isEmpty()) ? property.value() : component.getName());
		}
		return names;
	}

}
