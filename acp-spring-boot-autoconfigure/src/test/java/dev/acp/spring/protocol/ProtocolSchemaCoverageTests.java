package dev.acp.spring.protocol;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.JsonNode;

/**
 * Checks the protocol types against the ACP v1 JSON Schema: every {@code $defs} entry has
 * a type in {@code dev.acp.spring.protocol} (or is excluded below, with the reason),
 * every schema property is a record component, and every required property is enforced.
 * <p>
 * {@code src/test/resources/acp/schema/v1/schema.json} is a byte-identical copy of
 * {@code schema/v1/schema.json} from the npm package {@code @agentclientprotocol/sdk}
 * 2.4.0.
 */
class ProtocolSchemaCoverageTests extends AbstractSchemaCoverageTests {

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

	ProtocolSchemaCoverageTests() {
		super("/acp/schema/v1/schema.json", AcpMethods.class, EXCLUDED, MAPPED, MIXIN_OF, 178, 300, 100);
	}

}
