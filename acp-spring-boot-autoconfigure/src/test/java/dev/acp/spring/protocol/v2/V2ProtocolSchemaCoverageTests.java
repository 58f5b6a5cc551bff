package dev.acp.spring.protocol.v2;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.acp.spring.protocol.AbstractSchemaCoverageTests;
import dev.acp.spring.protocol.SchemaChecks;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.annotation.JsonDeserialize;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks the v2 protocol types against the ACP v2 JSON Schema: every {@code $defs} entry
 * has a type in {@code dev.acp.spring.protocol.v2} (or is excluded below, with the
 * reason), every schema property is a record component, every required property is
 * enforced, and exactly the optional properties are nullable.
 * <p>
 * {@code src/test/resources/acp/schema/v2/schema.json} is a byte-identical copy of
 * {@code schema/v2/schema.json} from the npm package {@code @agentclientprotocol/sdk}
 * 2.4.0.
 */
class V2ProtocolSchemaCoverageTests extends AbstractSchemaCoverageTests {

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
				"AuthMethodId", "SessionConfigId", "SessionConfigValueId", "SessionConfigGroupId", "MessageId",
				"CompactionId", "PlanId", "SessionListCursor", "MediaType", "AbsolutePath")) {
			excluded.put(alias, "string alias, a String component");
		}
		excluded.put("ProtocolVersion", "uint16 alias, an Integer component");
		excluded.put("ElicitationContentValue",
				"untagged scalar-or-string-array value, a JsonNode (keeps integer and number apart exactly)");
		excluded.put("RequestId", "JSON-RPC id (integer or string): jsonrpc layer; a JsonNode in protocol types");
		excluded.put("Error", "JSON-RPC error object: jsonrpc layer; a JsonNode in protocol types");
		excluded.put("ErrorCode", "JSON-RPC error code: jsonrpc layer, constants in AcpErrorCodes");
		excluded.put("ErrorData", "data of a JSON-RPC error, any value: jsonrpc layer; its two ACP shapes are "
				+ "UnsupportedProtocolVersionErrorData and SessionNotFoundErrorData");
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
		mapped.put("ContentChunk", List.of(SessionUpdate.UserMessageChunk.class, SessionUpdate.AgentMessageChunk.class,
				SessionUpdate.AgentThoughtChunk.class));
		// "Terminal" and "Command" are simple names in several unions
		mapped.put("Terminal", List.of(ToolCallContent.Terminal.class));
		mapped.put("Command", List.of(AvailableCommand.Command.class));
		mapped.put("ToolCallPermissionSubject", List.of(RequestPermissionSubject.ToolCall.class));
		mapped.put("CommandPermissionSubject", List.of(RequestPermissionSubject.Command.class));
		mapped.put("TextCommandInput", List.of(AvailableCommandInput.Text.class));
		mapped.put("BackgroundTerminal", List.of(BackgroundWork.Terminal.class));
		mapped.put("BackgroundToolCall", List.of(BackgroundWork.ToolCall.class));
		// the state_update kinds, and the error details of an idle state
		mapped.put("RunningStateUpdate", List.of(StateUpdate.Running.class));
		mapped.put("IdleStateUpdate", List.of(StateUpdate.Idle.class));
		mapped.put("RequiresActionStateUpdate", List.of(StateUpdate.RequiresAction.class));
		mapped.put("ErrorStopReason", List.of(StateUpdate.Idle.class));
		mapped.put("PlanItems", List.of(PlanUpdateContent.Items.class));
		// one path shape for three diff operations, one path-pair shape for two
		mapped.put("DiffPathChange", List.of(DiffChange.Add.class, DiffChange.Delete.class, DiffChange.Modify.class));
		mapped.put("DiffPathPairChange", List.of(DiffChange.Move.class, DiffChange.Copy.class));
		mapped.put("McpServerHttp", List.of(McpServer.Http.class));
		mapped.put("McpServerStdio", List.of(McpServer.Stdio.class));
		mapped.put("ReplayFromStart", List.of(ReplayFrom.Start.class));
		mapped.put("AuthMethodTerminal", List.of(AuthMethod.Terminal.class));
		mapped.put("AuthMethodAgent", List.of(AuthMethod.Agent.class));
		mapped.put("CancelledPermissionOutcome", List.of(RequestPermissionOutcome.Cancelled.class));
		mapped.put("SelectedPermissionOutcome", List.of(RequestPermissionOutcome.Selected.class));
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

	V2ProtocolSchemaCoverageTests() {
		super("/acp/schema/v2/schema.json", SessionUpdate.class, EXCLUDED, MAPPED, MIXIN_OF, 197, 400, 130);
	}

	@Test
	void everyPropertyOfAVariantWrittenInlineIsAComponentOfItsRecord() {
		List<String> problems = new ArrayList<>();
		int checked = 0;
		for (String def : this.checks.defNames()) {
			JsonNode schema = this.checks.defs().get(def);
			if (excluded(def)) {
				continue;
			}
			for (String union : List.of("oneOf", "anyOf")) {
				for (JsonNode branch : schema.path(union)) {
					String tag = inlineTag(branch);
					if (tag == null) {
						continue;
					}
					Class<?> variant = SchemaChecks.records(this.types.of(def).get(0))
						.stream()
						.filter((record) -> record.isAnnotationPresent(JsonTypeName.class)
								&& record.getAnnotation(JsonTypeName.class).value().equals(tag))
						.findFirst()
						.orElse(null);
					if (variant == null) {
						problems.add(def + " has no variant named " + tag);
						continue;
					}
					Set<String> components = SchemaChecks.wireNames(variant);
					for (String property : branch.get("properties").propertyNames()) {
						checked++;
						if (!components.contains(property) && !branch.get("properties").get(property).has("const")) {
							problems.add(def + " " + tag + "." + property + " missing in " + variant.getName());
						}
					}
				}
			}
		}
		assertThat(problems).isEmpty();
		assertThat(checked).isGreaterThanOrEqualTo(4);
	}

	/**
	 * The discriminator value of a union branch that writes its properties inline rather
	 * than naming a {@code $def}: a branch with a {@code const} property and others.
	 */
	private static @Nullable String inlineTag(JsonNode branch) {
		JsonNode properties = branch.get("properties");
		if (properties == null || properties.size() < 2 || branch.has("allOf")) {
			return null;
		}
		for (JsonNode property : properties) {
			if (property.has("const")) {
				return property.get("const").stringValue();
			}
		}
		return null;
	}

	/**
	 * Every property the schema marks {@code x-deserialize-default-on-error} or
	 * {@code x-deserialize-skip-invalid-items} is read by the matching lenient
	 * deserializer, and no other property is.
	 */
	@Test
	void exactlyTheLenientPropertiesReadMalformedValuesLeniently() {
		List<String> problems = new ArrayList<>();
		int lenient = 0;
		for (String def : this.checks.defNames()) {
			JsonNode schema = this.checks.defs().get(def);
			if (excluded(def) || !schema.has("properties")) {
				continue;
			}
			Set<String> required = this.checks.required(def);
			for (Class<?> type : this.types.of(def)) {
				for (Class<?> record : SchemaChecks.records(type)) {
					for (RecordComponent component : record.getRecordComponents()) {
						String name = SchemaChecks.wireName(component);
						JsonNode property = schema.get("properties").get(name);
						if (property == null) {
							continue;
						}
						Class<?> expected = lenientDeserializer(property, required.contains(name));
						JsonDeserialize annotation = component.getAccessor().getAnnotation(JsonDeserialize.class);
						Class<?> actual = (annotation != null) ? annotation.using() : null;
						if (expected != null) {
							lenient++;
						}
						if (expected != actual && (expected != null || LENIENT.contains(actual))) {
							problems.add(record.getName() + " " + component.getName() + " "
									+ ((expected != null) ? expected.getName() : "-") + " "
									+ ((actual != null) ? actual.getName() : "-"));
						}
					}
				}
			}
		}
		assertThat(problems).as("record component, expected deserializer, actual deserializer").isEmpty();
		assertThat(lenient).isGreaterThanOrEqualTo(239);
	}

	private static final Set<Class<?>> LENIENT = Set.of(DefaultOnErrorDeserializer.class,
			SkipInvalidItemsDeserializer.class, SkipInvalidItemsDeserializer.OrAbsent.class,
			SkipInvalidItemsDeserializer.OrEmpty.class);

	private static @Nullable Class<?> lenientDeserializer(JsonNode property, boolean required) {
		boolean defaultOnError = property.path("x-deserialize-default-on-error").asBoolean(false);
		if (property.path("x-deserialize-skip-invalid-items").asBoolean(false)) {
			if (!defaultOnError) {
				return SkipInvalidItemsDeserializer.class;
			}
			return required ? SkipInvalidItemsDeserializer.OrEmpty.class : SkipInvalidItemsDeserializer.OrAbsent.class;
		}
		return defaultOnError ? DefaultOnErrorDeserializer.class : null;
	}

}
