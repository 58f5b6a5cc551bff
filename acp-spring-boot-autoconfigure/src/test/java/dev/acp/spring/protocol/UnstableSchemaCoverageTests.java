package dev.acp.spring.protocol;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Checks the protocol types against the additions of the ACP v1 unstable JSON Schema: the
 * plan operations, subagent sessions and the client-provided system prompt are typed
 * (every property a record component, every required property enforced, exactly the
 * optional ones nullable); every other addition is listed, with the reason, as not typed.
 * <p>
 * {@code src/test/resources/acp/schema/v1/schema.unstable.json} is a byte-identical copy
 * of {@code schema/v1/schema.unstable.json} from the npm package
 * {@code @agentclientprotocol/sdk} 2.4.0.
 */
class UnstableSchemaCoverageTests {

	private static final String NOT_STABILIZED = "unstable, not stabilized";

	/** Unstable-only {@code $defs} typed here, with their class. */
	private static final Map<String, Class<?>> COVERED = covered();

	/** Unstable-only {@code $defs} not typed, with the reason. */
	private static final Map<String, String> NOT_COVERED = notCovered();

	/** Properties the unstable schema adds to stable {@code $defs}, typed here. */
	private static final Map<String, Class<?>> COVERED_PROPERTIES = Map.of("ClientCapabilities.plan",
			ClientCapabilities.class, "ClientCapabilities.subagents", ClientCapabilities.class,
			"SessionCapabilities.systemPrompt", SessionCapabilities.class, "NewSessionRequest.systemPrompt",
			NewSessionRequest.class, "LoadSessionRequest.systemPrompt", LoadSessionRequest.class,
			"ResumeSessionRequest.systemPrompt", ResumeSessionRequest.class);

	/** {@code sessionUpdate} kinds the unstable schema adds, typed here. */
	private static final Set<String> COVERED_UPDATES = Set.of("plan_update", "plan_removed", "subagent_update");

	private static Map<String, Class<?>> covered() {
		Map<String, Class<?>> covered = new LinkedHashMap<>();
		covered.put("PlanUpdate", SessionUpdate.PlanUpdate.class);
		covered.put("PlanRemoved", SessionUpdate.PlanRemoved.class);
		covered.put("PlanUpdateContent", PlanUpdateContent.class);
		covered.put("PlanItems", PlanUpdateContent.Items.class);
		covered.put("PlanFile", PlanUpdateContent.File.class);
		covered.put("PlanMarkdown", PlanUpdateContent.Markdown.class);
		covered.put("PlanCapabilities", PlanCapabilities.class);
		covered.put("SubagentUpdate", SessionUpdate.SubagentUpdate.class);
		covered.put("SubagentCapabilities", SubagentCapabilities.class);
		covered.put("SubagentSessionCapabilities", SubagentSessionCapabilities.class);
		covered.put("SessionCancelCapabilities", SessionCancelCapabilities.class);
		covered.put("SystemPrompt", SystemPrompt.class);
		covered.put("SystemPromptMode", SystemPromptMode.class);
		covered.put("SessionSystemPromptCapabilities", SessionSystemPromptCapabilities.class);
		covered.put("SessionSystemPromptModeCapabilities", SessionSystemPromptModeCapabilities.class);
		covered.put("SessionSystemPromptOverrideCapabilities", SessionSystemPromptOverrideCapabilities.class);
		return covered;
	}

	private static Map<String, String> notCovered() {
		Map<String, String> notCovered = new LinkedHashMap<>();
		notCovered.put("PlanId", "string alias, a String component");
		notCovered.put("StateUpdate", NOT_STABILIZED + "; SubagentUpdate.state is kept as a JsonNode");
		for (String state : List.of("IdleStateUpdate", "RunningStateUpdate", "RequiresActionStateUpdate",
				"UnknownStateUpdate", "ErrorStopReason")) {
			notCovered.put(state, NOT_STABILIZED + " (variant of StateUpdate)");
		}
		for (String def : List.of("ArchiveSessionRequest", "ArchiveSessionResponse", "AuthAccount", "AuthState",
				"AuthStatusCapabilities", "AuthStatusRequest", "AuthStatusResponse", "AuthStatusUpdateNotification",
				"DisableProviderRequest", "DisableProviderResponse", "ForkSessionRequest", "ForkSessionResponse",
				"InitializeProxyRequest", "InitializeProxyResponse", "ListProvidersRequest", "ListProvidersResponse",
				"LlmProtocol", "McpError", "McpRequestId", "McpServerAcp", "McpServerAcpId", "MessageMcpNotification",
				"MessageMcpRequest", "MessageMcpResponse", "ProviderCurrentConfig", "ProviderId", "ProviderInfo",
				"ProvidersCapabilities", "ProxyNotification", "ProxyRequest", "ProxyResponse",
				"ProxySuccessorNotification", "ProxySuccessorRequest", "ProxySuccessorResponse",
				"SessionArchiveCapabilities", "SessionArchiveFilter", "SessionForkCapabilities", "SessionMessage",
				"SessionMessageChunk", "SessionStatus", "SessionStatusCapabilities", "SessionStatusRequest",
				"SessionStatusResponse", "SessionTitleCapabilities", "SetProviderRequest", "SetProviderResponse",
				"SetSessionTitleRequest", "SetSessionTitleResponse", "UnarchiveSessionRequest",
				"UnarchiveSessionResponse", "Usage")) {
			notCovered.put(def, NOT_STABILIZED);
		}
		return notCovered;
	}

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final SchemaChecks checks = new SchemaChecks("/acp/schema/v1/schema.unstable.json", Map.of());

	private final JsonNode defs = this.checks.defs();

	private final JsonNode stableDefs = SchemaChecks.read("/acp/schema/v1/schema.json").get("$defs");

	private Set<String> unstableOnly() {
		Set<String> names = new TreeSet<>();
		this.defs.propertyNames().forEach((name) -> {
			if (!this.stableDefs.has(name)) {
				names.add(name);
			}
		});
		return names;
	}

	@Test
	void everyUnstableOnlyDefinitionIsTypedOrListedWithTheReason() {
		assertThat(this.defs.propertyNames()).hasSize(252);
		Set<String> listed = new TreeSet<>(COVERED.keySet());
		listed.addAll(NOT_COVERED.keySet());
		assertThat(listed).isEqualTo(unstableOnly());
	}

	@Test
	void everyPropertyAddedToAStableDefinitionIsTypedOrListed() {
		Set<String> added = new TreeSet<>();
		for (String def : this.stableDefs.propertyNames()) {
			JsonNode properties = this.defs.get(def).get("properties");
			if (properties == null) {
				continue;
			}
			for (String property : properties.propertyNames()) {
				if (!this.stableDefs.get(def).get("properties").has(property)) {
					added.add(def + "." + property);
				}
			}
		}
		// unstable, not stabilized
		Set<String> notTyped = Set.of("AgentCapabilities.providers", "McpCapabilities.acp",
				"SessionCapabilities.archive", "SessionCapabilities.fork", "SessionCapabilities.status",
				"SessionCapabilities.title", "AgentAuthCapabilities.status", "SessionInfo.archived",
				"PromptResponse.usage", "ListSessionsRequest.archived");
		Set<String> listed = new TreeSet<>(COVERED_PROPERTIES.keySet());
		listed.addAll(notTyped);
		assertThat(added).isEqualTo(listed);
		COVERED_PROPERTIES.forEach((name, type) -> assertThat(SchemaChecks.wireNames(type)).as(name)
			.contains(name.substring(name.indexOf('.') + 1)));
	}

	@Test
	void theNewSessionUpdateKindsAreTyped() throws Exception {
		Set<String> added = new TreeSet<>();
		Set<String> stable = new TreeSet<>();
		this.stableDefs.get("SessionUpdate").get("oneOf").forEach((branch) -> stable.add(tag(branch)));
		this.defs.get("SessionUpdate").get("oneOf").forEach((branch) -> {
			if (!stable.contains(tag(branch))) {
				added.add(tag(branch));
			}
		});
		assertThat(added).containsAll(COVERED_UPDATES)
			.containsOnly("plan_update", "plan_removed", "subagent_update", "session_message", "session_message_chunk");
		for (JsonNode branch : this.defs.get("SessionUpdate").get("oneOf")) {
			if (COVERED_UPDATES.contains(tag(branch))) {
				SessionUpdate update = this.mapper.treeToValue(this.checks.samples().sample(branch),
						SessionUpdate.class);
				assertThat(update).isNotInstanceOf(SessionUpdate.Unknown.class);
				assertThat(update.sessionUpdate()).isEqualTo(tag(branch));
			}
		}
	}

	private static String tag(JsonNode branch) {
		return branch.get("properties").get("sessionUpdate").get("const").stringValue();
	}

	@Test
	void everyPropertyOfATypedDefinitionIsARecordComponent() {
		COVERED.forEach(this.checks::propertiesAreComponents);
		assertThat(this.checks.problems()).isEmpty();
	}

	@Test
	void everyRequiredPropertyOfATypedDefinitionIsEnforced() {
		COVERED.forEach(this.checks::requiredPropertiesAreEnforced);
		assertThat(this.checks.problems()).isEmpty();
		assertThat(this.checks.checked()).isGreaterThanOrEqualTo(9);
	}

	@Test
	void exactlyTheOptionalPropertiesOfATypedDefinitionAreNullable() {
		Map<String, Class<?>> checkedTypes = new LinkedHashMap<>(COVERED);
		COVERED_PROPERTIES.forEach((name, type) -> checkedTypes.put(name.substring(0, name.indexOf('.')), type));
		checkedTypes.forEach(this.checks::exactlyTheOptionalPropertiesAreNullable);
		assertThat(this.checks.problems()).isEmpty();
	}

	@Test
	void theSystemPromptModeIsAnOpenValueKnowingEveryConstant() {
		for (JsonNode branch : this.defs.get("SystemPromptMode").get("anyOf")) {
			if (branch.has("const")) {
				assertThat(SystemPromptMode.of(branch.get("const").stringValue()).isKnown()).isTrue();
			}
		}
		assertThat(SystemPromptMode.of("_custom").isKnown()).isFalse();
	}

}
