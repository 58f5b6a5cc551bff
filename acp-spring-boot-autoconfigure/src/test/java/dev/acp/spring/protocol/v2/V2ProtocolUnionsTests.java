package dev.acp.spring.protocol.v2;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.protocol.OpenValue;
import dev.acp.spring.protocol.TaggedUnionDeserializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Round trips of the v2 tagged unions and the open-value rules of ACP v2 (seed 004):
 * known variants keep every field and write their discriminator first, unknown variants
 * of open unions are written back as received, closed unions (the discriminators that
 * decide how a request is fulfilled) reject unknown variants, and a known discriminator
 * with a malformed payload fails.
 */
class V2ProtocolUnionsTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private JsonNode tree(String json) {
		return this.mapper.readTree(json);
	}

	static Stream<Arguments> knownVariants() {
		return Stream.of(Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.UserMessageChunk.class,
				"{\"sessionUpdate\":\"user_message_chunk\",\"messageId\":\"u1\",\"content\":{\"type\":\"text\",\"text\":\"hi\"}}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.UserMessage.class,
						"{\"sessionUpdate\":\"user_message\",\"messageId\":\"u1\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.AgentMessageChunk.class,
						"{\"sessionUpdate\":\"agent_message_chunk\",\"messageId\":\"a1\",\"content\":{\"type\":\"text\",\"text\":\"yo\"},\"_meta\":{\"k\":1}}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.AgentMessage.class,
						"{\"sessionUpdate\":\"agent_message\",\"messageId\":\"a1\"}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.AgentThoughtChunk.class,
						"{\"sessionUpdate\":\"agent_thought_chunk\",\"messageId\":\"t1\",\"content\":{\"type\":\"text\",\"text\":\"hm\"}}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.AgentThought.class,
						"{\"sessionUpdate\":\"agent_thought\",\"messageId\":\"t1\",\"content\":[]}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", StateUpdate.Running.class,
						"{\"sessionUpdate\":\"state_update\",\"state\":\"running\",\"background\":[{\"type\":\"terminal\",\"terminalId\":\"t1\"},{\"type\":\"tool_call\",\"toolCallId\":\"c1\"},{\"type\":\"_acme_job\",\"jobId\":\"j\"}]}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", StateUpdate.Idle.class,
						"{\"sessionUpdate\":\"state_update\",\"state\":\"idle\",\"stopReason\":\"end_turn\"}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", StateUpdate.Idle.class,
						"{\"sessionUpdate\":\"state_update\",\"state\":\"idle\",\"stopReason\":\"error\",\"error\":{\"code\":-32603,\"message\":\"boom\"}}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", StateUpdate.RequiresAction.class,
						"{\"sessionUpdate\":\"state_update\",\"state\":\"requires_action\",\"background\":[]}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.ToolCallContentChunk.class,
						"{\"sessionUpdate\":\"tool_call_content_chunk\",\"toolCallId\":\"c1\",\"content\":{\"type\":\"content\",\"content\":{\"type\":\"text\",\"text\":\"x\"}}}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", ToolCallUpdate.class,
						"{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":\"c1\",\"name\":\"read_file\",\"title\":\"Read\",\"kind\":\"read\",\"status\":\"paused\",\"content\":[{\"type\":\"diff\",\"changes\":[{\"operation\":\"modify\",\"path\":\"/a\",\"fileType\":\"text\"},{\"operation\":\"move\",\"oldPath\":\"/b\",\"path\":\"/c\"}],\"patch\":{\"format\":\"git_patch\",\"text\":\"@@\"}},{\"type\":\"terminal\",\"terminalId\":\"t1\"}],\"locations\":[{\"path\":\"/a\",\"line\":3}],\"rawInput\":{\"path\":\"/a\",\"n\":1.25},\"rawOutput\":[1],\"capabilities\":{\"cancel\":{}},\"_meta\":{\"k\":1},\"extra\":true}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.TerminalUpdate.class,
						"{\"sessionUpdate\":\"terminal_update\",\"terminalId\":\"t1\",\"command\":\"ls -l\",\"cwd\":\"/w\",\"output\":{\"data\":\"a\\n\"},\"exitStatus\":{\"exitCode\":0},\"size\":{\"cols\":80,\"rows\":24},\"capabilities\":{\"cancel\":{}}}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.TerminalOutputChunk.class,
						"{\"sessionUpdate\":\"terminal_output_chunk\",\"terminalId\":\"t1\",\"data\":\"b\"}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.PlanUpdate.class,
						"{\"sessionUpdate\":\"plan_update\",\"plan\":{\"type\":\"items\",\"planId\":\"p1\",\"entries\":[{\"content\":\"a\",\"priority\":\"high\",\"status\":\"cancelled\"}]}}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.AvailableCommandsUpdate.class,
						"{\"sessionUpdate\":\"available_commands_update\",\"availableCommands\":[{\"type\":\"command\",\"name\":\"web\",\"description\":\"Search\",\"input\":{\"type\":\"text\",\"hint\":\"query\"}}]}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.ConfigOptionUpdate.class,
						"{\"sessionUpdate\":\"config_option_update\",\"configOptions\":[{\"type\":\"select\",\"configId\":\"model\",\"name\":\"Model\",\"category\":\"model\",\"currentValue\":\"a\",\"options\":[{\"value\":\"a\",\"name\":\"A\"}]},{\"type\":\"select\",\"configId\":\"g\",\"name\":\"G\",\"currentValue\":\"a\",\"options\":[{\"groupId\":\"g1\",\"name\":\"G1\",\"options\":[{\"value\":\"a\",\"name\":\"A\"}]}]},{\"type\":\"boolean\",\"configId\":\"b\",\"name\":\"B\",\"currentValue\":true,\"category\":\"_acme\"}]}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.SessionInfoUpdate.class,
						"{\"sessionUpdate\":\"session_info_update\",\"title\":\"T\",\"updatedAt\":\"2026-01-01T00:00:00Z\"}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.UsageUpdate.class,
						"{\"sessionUpdate\":\"usage_update\",\"used\":12345678901,\"size\":200000,\"cost\":{\"amount\":0.10,\"currency\":\"USD\"}}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.Notice.class,
						"{\"sessionUpdate\":\"notice\",\"severity\":\"warning\",\"title\":\"Heads up\",\"description\":\"d\"}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.CompactionUpdate.class,
						"{\"sessionUpdate\":\"compaction_update\",\"compactionId\":\"k1\",\"status\":\"completed\",\"summary\":[{\"type\":\"text\",\"text\":\"s\"}]}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.CompactionSummaryChunk.class,
						"{\"sessionUpdate\":\"compaction_summary_chunk\",\"compactionId\":\"k1\",\"content\":{\"type\":\"text\",\"text\":\"s\"}}"),
				Arguments.of(ContentBlock.class, "type", ContentBlock.Text.class,
						"{\"type\":\"text\",\"text\":\"hi\",\"annotations\":{\"audience\":[\"user\"],\"priority\":0.5},\"_meta\":{}}"),
				Arguments.of(ContentBlock.class, "type", ContentBlock.Image.class,
						"{\"type\":\"image\",\"data\":\"AA==\",\"mimeType\":\"image/png\",\"uri\":\"file:///i.png\"}"),
				Arguments.of(ContentBlock.class, "type", ContentBlock.Audio.class,
						"{\"type\":\"audio\",\"data\":\"AA==\",\"mimeType\":\"audio/wav\"}"),
				Arguments.of(ContentBlock.class, "type", ContentBlock.ResourceLink.class,
						"{\"type\":\"resource_link\",\"name\":\"a\",\"uri\":\"file:///a\",\"icons\":[{\"src\":\"https://x/i.svg\",\"theme\":\"dark\",\"sizes\":[\"any\"]}],\"size\":12345678901}"),
				Arguments.of(ContentBlock.class, "type", ContentBlock.Resource.class,
						"{\"type\":\"resource\",\"resource\":{\"text\":\"t\",\"uri\":\"file:///a\",\"mimeType\":\"text/plain\"}}"),
				Arguments.of(ToolCallContent.class, "type", ToolCallContent.Content.class,
						"{\"type\":\"content\",\"content\":{\"type\":\"text\",\"text\":\"x\"}}"),
				Arguments.of(ToolCallContent.class, "type", ToolCallContent.Diff.class,
						"{\"type\":\"diff\",\"changes\":[{\"operation\":\"add\",\"path\":\"/n\"},{\"operation\":\"delete\",\"path\":\"/d\",\"fileType\":\"binary\"},{\"operation\":\"copy\",\"oldPath\":\"/a\",\"path\":\"/b\"}]}"),
				Arguments.of(ToolCallContent.class, "type", ToolCallContent.Terminal.class,
						"{\"type\":\"terminal\",\"terminalId\":\"t\"}"),
				Arguments.of(RequestPermissionSubject.class, "type", RequestPermissionSubject.ToolCall.class,
						"{\"type\":\"tool_call\",\"toolCall\":{\"toolCallId\":\"c1\",\"title\":\"Write\",\"kind\":\"edit\"}}"),
				Arguments.of(RequestPermissionSubject.class, "type", RequestPermissionSubject.Command.class,
						"{\"type\":\"command\",\"command\":\"rm -rf build\",\"cwd\":\"/w\",\"terminalId\":\"t1\"}"),
				Arguments.of(RequestPermissionOutcome.class, "outcome", RequestPermissionOutcome.Cancelled.class,
						"{\"outcome\":\"cancelled\"}"),
				Arguments.of(RequestPermissionOutcome.class, "outcome", RequestPermissionOutcome.Selected.class,
						"{\"outcome\":\"selected\",\"optionId\":\"allow\",\"_meta\":{\"a\":1}}"),
				Arguments.of(SessionConfigOption.class, "type", SessionConfigOption.Select.class,
						"{\"type\":\"select\",\"configId\":\"m\",\"name\":\"M\",\"currentValue\":\"a\",\"options\":[]}"),
				Arguments.of(SessionConfigOption.class, "type", SessionConfigOption.BooleanOption.class,
						"{\"type\":\"boolean\",\"configId\":\"b\",\"name\":\"B\",\"currentValue\":false}"),
				Arguments.of(SetSessionConfigOptionRequest.class, "type", SetSessionConfigOptionRequest.Id.class,
						"{\"type\":\"id\",\"sessionId\":\"s\",\"configId\":\"model\",\"value\":\"fast\"}"),
				Arguments.of(SetSessionConfigOptionRequest.class, "type",
						SetSessionConfigOptionRequest.BooleanValue.class,
						"{\"type\":\"boolean\",\"sessionId\":\"s\",\"configId\":\"web\",\"value\":true}"),
				Arguments.of(McpServer.class, "type", McpServer.Http.class,
						"{\"type\":\"http\",\"name\":\"h\",\"url\":\"https://x\",\"headers\":[{\"name\":\"A\",\"value\":\"b\"}]}"),
				Arguments.of(McpServer.class, "type", McpServer.Stdio.class,
						"{\"type\":\"stdio\",\"name\":\"fs\",\"command\":\"/bin/mcp\",\"args\":[],\"env\":[{\"name\":\"A\",\"value\":\"1\"}]}"),
				Arguments.of(ReplayFrom.class, "type", ReplayFrom.Start.class, "{\"type\":\"start\"}"),
				Arguments.of(AuthMethod.class, "type", AuthMethod.Terminal.class,
						"{\"type\":\"terminal\",\"methodId\":\"login\",\"name\":\"Login\",\"args\":[\"--login\"],\"env\":[{\"name\":\"A\",\"value\":\"1\"}]}"),
				Arguments.of(AuthMethod.class, "type", AuthMethod.Agent.class,
						"{\"type\":\"agent\",\"methodId\":\"oauth\",\"name\":\"OAuth\"}"),
				Arguments.of(AvailableCommand.class, "type", AvailableCommand.Command.class,
						"{\"type\":\"command\",\"name\":\"web\",\"description\":\"Search\"}"),
				Arguments.of(AvailableCommandInput.class, "type", AvailableCommandInput.Text.class,
						"{\"type\":\"text\",\"hint\":\"q\"}"),
				Arguments.of(BackgroundWork.class, "type", BackgroundWork.ToolCall.class,
						"{\"type\":\"tool_call\",\"toolCallId\":\"c1\"}"),
				Arguments.of(PlanUpdateContent.class, "type", PlanUpdateContent.Items.class,
						"{\"type\":\"items\",\"planId\":\"p\",\"entries\":[]}"),
				Arguments.of(DiffChange.class, "operation", DiffChange.Move.class,
						"{\"operation\":\"move\",\"oldPath\":\"/a\",\"path\":\"/b\",\"mimeType\":\"text/x-java\"}"),
				Arguments.of(CreateElicitationRequest.class, "mode", CreateElicitationRequest.Form.class,
						"{\"mode\":\"form\",\"message\":\"m\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"format\":\"email\"},\"b\":{\"type\":\"array\",\"items\":{\"anyOf\":[{\"const\":\"x\",\"title\":\"X\"}]}},\"c\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"p\"]}},\"n\":{\"type\":\"number\",\"minimum\":0.5}},\"required\":[\"a\"]},\"sessionId\":\"s\",\"toolCallId\":\"c\"}"),
				Arguments.of(CreateElicitationRequest.class, "mode", CreateElicitationRequest.Url.class,
						"{\"mode\":\"url\",\"message\":\"m\",\"elicitationId\":\"e\",\"url\":\"https://x\",\"requestId\":7}"),
				Arguments.of(CreateElicitationResponse.class, "action", CreateElicitationResponse.Accept.class,
						"{\"action\":\"accept\",\"content\":{\"a\":\"x\",\"n\":12345678901,\"f\":1.50,\"b\":true,\"l\":[\"p\"]}}"),
				Arguments.of(CreateElicitationResponse.class, "action", CreateElicitationResponse.Decline.class,
						"{\"action\":\"decline\"}"),
				Arguments.of(CreateElicitationResponse.class, "action", CreateElicitationResponse.Cancel.class,
						"{\"action\":\"cancel\",\"_meta\":{}}"),
				Arguments.of(ElicitationPropertySchema.class, "type",
						ElicitationPropertySchema.IntegerPropertySchema.class,
						"{\"type\":\"integer\",\"minimum\":0,\"maximum\":10,\"default\":3}"),
				Arguments.of(ElicitationPropertySchema.class, "type",
						ElicitationPropertySchema.BooleanPropertySchema.class,
						"{\"type\":\"boolean\",\"default\":true}"),
				Arguments.of(MultiSelectItems.class, "type", MultiSelectItems.StringMultiSelectItems.class,
						"{\"type\":\"string\",\"enum\":[\"a\"]}"));
	}

	@ParameterizedTest
	@MethodSource("knownVariants")
	void knownVariantsRoundTripWithTheirDiscriminatorFirst(Class<?> union, String discriminator, Class<?> variant,
			String json) {
		Object value = this.mapper.readValue(json, union);
		assertThat(value).isInstanceOf(variant);
		String written = this.mapper.writeValueAsString(value);
		assertThat(tree(written)).isEqualTo(tree(json));
		assertThat(written).startsWith("{\"" + discriminator + "\":");
		assertThat(this.mapper.readValue(written, union)).isEqualTo(value);
	}

	@Test
	void newlyBuiltVariantsWriteTheirDiscriminatorsFirst() {
		assertThat(this.mapper.writeValueAsString(new StateUpdate.Idle(null, StopReason.END_TURN, null, null)))
			.isEqualTo("{\"sessionUpdate\":\"state_update\",\"state\":\"idle\",\"stopReason\":\"end_turn\"}");
		assertThat(this.mapper
			.writeValueAsString(new SessionUpdate.AgentMessageChunk("m1", new ContentBlock.Text("x"), null))).isEqualTo(
					"{\"sessionUpdate\":\"agent_message_chunk\",\"messageId\":\"m1\",\"content\":{\"type\":\"text\",\"text\":\"x\"}}");
		assertThat(this.mapper.writeValueAsString(new ToolCallUpdate("c1")))
			.isEqualTo("{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":\"c1\"}");
		assertThat(this.mapper.writeValueAsString(new RequestPermissionOutcome.Selected("o")))
			.isEqualTo("{\"outcome\":\"selected\",\"optionId\":\"o\"}");
	}

	static Stream<Arguments> unknownVariantsOfOpenUnions() {
		return Stream.of(
				Arguments.of(SessionUpdate.class, SessionUpdate.Unknown.class,
						"{\"sessionUpdate\":\"_acme/progress\",\"percent\":42,\"nested\":{\"a\":[1,2.50,null]}}"),
				Arguments.of(SessionUpdate.class, SessionUpdate.Unknown.class,
						"{\"sessionUpdate\":\"future_kind\",\"x\":1}"),
				Arguments.of(SessionUpdate.class, StateUpdate.Unknown.class,
						"{\"sessionUpdate\":\"state_update\",\"state\":\"_acme_paused\",\"until\":3}"),
				Arguments.of(ContentBlock.class, ContentBlock.Unknown.class,
						"{\"type\":\"video\",\"data\":\"AA==\",\"mimeType\":\"video/mp4\"}"),
				Arguments.of(ToolCallContent.class, ToolCallContent.Unknown.class,
						"{\"type\":\"_acme/chart\",\"series\":[1,2]}"),
				Arguments.of(RequestPermissionSubject.class, RequestPermissionSubject.Unknown.class,
						"{\"type\":\"network\",\"host\":\"example.com\"}"),
				Arguments.of(SessionConfigOption.class, SessionConfigOption.Unknown.class,
						"{\"type\":\"slider\",\"configId\":\"s\",\"name\":\"S\",\"min\":0,\"max\":1.5}"),
				Arguments.of(AuthMethod.class, AuthMethod.Unknown.class,
						"{\"type\":\"_acme_sso\",\"methodId\":\"sso\",\"name\":\"SSO\"}"),
				Arguments.of(AvailableCommand.class, AvailableCommand.Unknown.class,
						"{\"type\":\"macro\",\"name\":\"m\",\"steps\":[]}"),
				Arguments.of(AvailableCommandInput.class, AvailableCommandInput.Unknown.class,
						"{\"type\":\"form\",\"fields\":[1]}"),
				Arguments.of(BackgroundWork.class, BackgroundWork.Unknown.class,
						"{\"type\":\"_acme_indexer\",\"progress\":0.5}"),
				Arguments.of(PlanUpdateContent.class, PlanUpdateContent.Unknown.class,
						"{\"type\":\"tree\",\"root\":{}}"),
				Arguments.of(DiffChange.class, DiffChange.Unknown.class,
						"{\"operation\":\"chmod\",\"path\":\"/a\",\"mode\":\"755\"}"));
	}

	@ParameterizedTest
	@MethodSource("unknownVariantsOfOpenUnions")
	void unknownVariantsOfOpenUnionsAreWrittenBackAsReceived(Class<?> union, Class<?> unknown, String json) {
		Object value = this.mapper.readValue(json, union);
		assertThat(value).isInstanceOf(unknown);
		assertThat(this.mapper.writeValueAsString(value)).isEqualTo(json);
	}

	@Test
	void anUnknownStateIsNeitherIdleNorAnUnknownUpdate() {
		SessionUpdate update = this.mapper.readValue("{\"sessionUpdate\":\"state_update\",\"state\":\"suspended\"}",
				SessionUpdate.class);
		assertThat(update).isInstanceOfSatisfying(StateUpdate.Unknown.class, (state) -> {
			assertThat(state.state()).isEqualTo("suspended");
			assertThat(state.sessionUpdate()).isEqualTo("state_update");
		});
	}

	@Test
	void anUnknownStopReasonIsKeptAndTheErrorDetailsAreRead() {
		StateUpdate.Idle idle = (StateUpdate.Idle) this.mapper.readValue(
				"{\"sessionUpdate\":\"state_update\",\"state\":\"idle\",\"stopReason\":\"_acme_quota\"}",
				SessionUpdate.class);
		assertThat(idle.stopReason().isKnown()).isFalse();
		assertThat(idle.stopReason().value()).isEqualTo("_acme_quota");
		StateUpdate.Idle failed = (StateUpdate.Idle) this.mapper.readValue(
				"{\"sessionUpdate\":\"state_update\",\"state\":\"idle\",\"stopReason\":\"error\",\"error\":{\"code\":-32603,\"message\":\"boom\"}}",
				SessionUpdate.class);
		assertThat(failed.stopReason()).isSameAs(StopReason.ERROR);
		assertThat(failed.error().get("code").intValue()).isEqualTo(-32603);
	}

	static Stream<Arguments> unknownVariantsOfClosedUnions() {
		return Stream.of(Arguments.of(RequestPermissionOutcome.class, "{\"outcome\":\"approved\"}"),
				Arguments.of(RequestPermissionOutcome.class, "{\"outcome\":\"_acme_allow\",\"optionId\":\"a\"}"),
				Arguments.of(CreateElicitationResponse.class, "{\"action\":\"defer\",\"until\":3}"),
				Arguments.of(CreateElicitationResponse.class, "{\"action\":\"_acme_accept\",\"content\":{}}"),
				Arguments.of(CreateElicitationRequest.class,
						"{\"mode\":\"_acme/qr\",\"message\":\"scan\",\"sessionId\":\"s\",\"code\":\"q\"}"),
				Arguments.of(ElicitationPropertySchema.class, "{\"type\":\"_acme/color\",\"rgb\":true}"),
				Arguments.of(ElicitationPropertySchema.class, "{\"type\":\"object\",\"properties\":{}}"),
				Arguments.of(MultiSelectItems.class, "{\"type\":\"number\",\"enum\":[1]}"),
				Arguments.of(McpServer.class, "{\"type\":\"sse\",\"name\":\"s\",\"url\":\"https://x\"}"),
				Arguments.of(McpServer.class, "{\"type\":\"_acme_ws\",\"name\":\"w\"}"),
				Arguments.of(ReplayFrom.class, "{\"type\":\"message\",\"messageId\":\"m\"}"),
				Arguments.of(SetSessionConfigOptionRequest.class,
						"{\"type\":\"number\",\"sessionId\":\"s\",\"configId\":\"c\",\"value\":1}"));
	}

	@ParameterizedTest
	@MethodSource("unknownVariantsOfClosedUnions")
	void unknownVariantsOfClosedUnionsFailNamingTheValue(Class<?> union, String json) {
		String value = tree(json).values().iterator().next().stringValue();
		assertThatExceptionOfType(JacksonException.class).isThrownBy(() -> this.mapper.readValue(json, union))
			.withMessageContaining("'" + value + "'");
	}

	@Test
	void anUnknownPermissionOutcomeNeverReadsAsAResponse() {
		assertThatExceptionOfType(JacksonException.class).isThrownBy(
				() -> this.mapper.readValue("{\"outcome\":{\"outcome\":\"_acme_always\",\"optionId\":\"allow\"}}",
						RequestPermissionResponse.class));
		assertThat(RequestPermissionOutcome.class.getPermittedSubclasses()).extracting(Class::getSimpleName)
			.containsExactlyInAnyOrder("Cancelled", "Selected");
	}

	@ParameterizedTest
	@ValueSource(strings = {
			"{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{\"type\":\"text\",\"text\":\"x\"}}",
			"{\"sessionUpdate\":\"user_message\"}", "{\"sessionUpdate\":\"tool_call_update\"}",
			"{\"sessionUpdate\":\"tool_call_content_chunk\",\"toolCallId\":\"c\",\"content\":{\"type\":\"diff\"}}",
			"{\"sessionUpdate\":\"state_update\"}", "{\"sessionUpdate\":\"state_update\",\"state\":7}",
			"{\"sessionUpdate\":\"plan_update\"}",
			"{\"sessionUpdate\":\"plan_update\",\"plan\":{\"type\":\"items\",\"planId\":\"p\"}}",
			"{\"sessionUpdate\":\"terminal_output_chunk\",\"terminalId\":\"t\"}",
			"{\"sessionUpdate\":\"usage_update\",\"used\":1}", "{\"sessionUpdate\":\"notice\",\"severity\":\"info\"}",
			"{\"sessionUpdate\":\"available_commands_update\",\"availableCommands\":{}}",
			"{\"sessionUpdate\":\"config_option_update\",\"configOptions\":\"x\"}",
			"{\"sessionUpdate\":\"user_message_chunk\",\"messageId\":\"m\",\"content\":{\"type\":\"image\"}}",
			"{\"sessionUpdate\":\"compaction_update\",\"compactionId\":\"k\"}" })
	void knownSessionUpdatesWithAMalformedPayloadFail(String json) {
		assertThatExceptionOfType(JacksonException.class)
			.isThrownBy(() -> this.mapper.readValue(json, SessionUpdate.class));
	}

	static Stream<Arguments> knownDiscriminatorsWithAMalformedPayload() {
		return Stream.of(Arguments.of(ContentBlock.class, "{\"type\":\"text\"}"),
				Arguments.of(ContentBlock.class, "{\"type\":\"image\",\"data\":\"AA==\"}"),
				Arguments.of(ToolCallContent.class, "{\"type\":\"diff\",\"path\":\"/a\",\"newText\":\"b\"}"),
				Arguments.of(ToolCallContent.class, "{\"type\":\"terminal\"}"),
				Arguments.of(RequestPermissionSubject.class, "{\"type\":\"command\",\"command\":\"ls\"}"),
				Arguments.of(RequestPermissionOutcome.class, "{\"outcome\":\"selected\"}"),
				Arguments.of(AuthMethod.class, "{\"type\":\"agent\",\"name\":\"A\"}"),
				Arguments.of(SessionConfigOption.class, "{\"type\":\"boolean\",\"configId\":\"b\",\"name\":\"B\"}"),
				Arguments.of(DiffChange.class, "{\"operation\":\"move\",\"path\":\"/b\"}"),
				Arguments.of(BackgroundWork.class, "{\"type\":\"tool_call\"}"),
				Arguments.of(McpServer.class, "{\"type\":\"http\",\"name\":\"h\"}"),
				Arguments.of(CreateElicitationResponse.class, "{\"action\":\"accept\",\"content\":{\"a\":{}}}"),
				Arguments.of(SetSessionConfigOptionRequest.class,
						"{\"type\":\"boolean\",\"sessionId\":\"s\",\"configId\":\"c\",\"value\":\"yes\"}"),
				Arguments.of(SetSessionConfigOptionRequest.class,
						"{\"type\":\"id\",\"sessionId\":\"s\",\"configId\":\"c\"}"));
	}

	@ParameterizedTest
	@MethodSource("knownDiscriminatorsWithAMalformedPayload")
	void aKnownDiscriminatorWithAMalformedPayloadFails(Class<?> union, String json) {
		assertThatExceptionOfType(JacksonException.class).isThrownBy(() -> this.mapper.readValue(json, union));
	}

	static Stream<Class<? extends OpenValue>> openValues() {
		return Stream.of(ToolKind.class, ToolCallStatus.class, Role.class, IconTheme.class, DiffFileType.class,
				DiffPatchFormat.class, PermissionOptionKind.class, StringFormat.class,
				SessionConfigOptionCategory.class, PlanEntryPriority.class, PlanEntryStatus.class, NoticeSeverity.class,
				CompactionStatus.class, StopReason.class);
	}

	@ParameterizedTest
	@MethodSource("openValues")
	void openValuesKeepUnknownStringsAndTakeCustomOnesOnlyWithAnUnderscore(Class<? extends OpenValue> type)
			throws Exception {
		OpenValue future = (OpenValue) type.getMethod("of", String.class).invoke(null, "future_value");
		assertThat(future.isKnown()).isFalse();
		assertThat(this.mapper.writeValueAsString(this.mapper.readValue("\"future_value\"", type)))
			.isEqualTo("\"future_value\"");
		Method custom = type.getMethod("custom", String.class);
		assertThat(((OpenValue) custom.invoke(null, "_acme_x")).value()).isEqualTo("_acme_x");
		assertThatIllegalArgumentException().isThrownBy(() -> {
			try {
				custom.invoke(null, "acme_x");
			}
			catch (java.lang.reflect.InvocationTargetException ex) {
				throw ex.getCause();
			}
		});
	}

	@Test
	void knownValuesAreTheConstants() {
		assertThat(ToolCallStatus.of("paused")).isSameAs(ToolCallStatus.PAUSED);
		assertThat(ToolCallStatus.of("cancelled")).isSameAs(ToolCallStatus.CANCELLED);
		assertThat(PlanEntryStatus.of("cancelled")).isSameAs(PlanEntryStatus.CANCELLED);
		assertThat(StopReason.of("end_turn")).isSameAs(StopReason.END_TURN);
		assertThat(ToolKind.of("switch_mode")).isSameAs(ToolKind.SWITCH_MODE);
		assertThat(this.mapper
			.readValue("{\"content\":\"a\",\"priority\":\"urgent\",\"status\":\"_acme_blocked\"}", PlanEntry.class)
			.priority()
			.isKnown()).isFalse();
	}

	@Test
	void aResumeReplaysFromTheStartOrFailsOnAnUnknownCursor() {
		String json = "{\"sessionId\":\"s\",\"cwd\":\"/w\",\"replayFrom\":{\"type\":\"start\"}}";
		ResumeSessionRequest request = this.mapper.readValue(json, ResumeSessionRequest.class);
		assertThat(request.replayFrom()).isInstanceOf(ReplayFrom.Start.class);
		assertThat(tree(this.mapper.writeValueAsString(request))).isEqualTo(tree(json));
		assertThatExceptionOfType(JacksonException.class).isThrownBy(() -> this.mapper.readValue(
				"{\"sessionId\":\"s\",\"cwd\":\"/w\",\"replayFrom\":{\"type\":\"message\",\"messageId\":\"m\"}}",
				ResumeSessionRequest.class));
	}

	@Test
	void untaggedShapesAreReadByShape() {
		assertThat(this.mapper.readValue("{\"anyOf\":[{\"const\":\"a\",\"title\":\"A\"}]}", MultiSelectItems.class))
			.isInstanceOf(MultiSelectItems.TitledMultiSelectItems.class);
		assertThat(this.mapper.readValue("{\"uri\":\"file:///a\",\"blob\":\"AA==\"}", EmbeddedResourceResource.class))
			.isInstanceOf(EmbeddedResourceResource.BlobResourceContents.class);
		assertThat(this.mapper.readValue("[{\"groupId\":\"g\",\"name\":\"G\",\"options\":[]}]",
				SessionConfigSelectOptions.class))
			.isInstanceOf(SessionConfigSelectOptions.Grouped.class);
		assertThat(this.mapper.readValue("[]", SessionConfigSelectOptions.class))
			.isEqualTo(new SessionConfigSelectOptions.Ungrouped(List.of()));
		assertThatExceptionOfType(JacksonException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"name\":\"fs\",\"command\":\"c\"}", McpServer.class));
	}

	@ParameterizedTest
	@ValueSource(classes = { SessionUpdate.class, StateUpdate.class, ContentBlock.class, ToolCallContent.class,
			RequestPermissionSubject.class, RequestPermissionOutcome.class, SessionConfigOption.class,
			SetSessionConfigOptionRequest.class, ElicitationPropertySchema.class, CreateElicitationRequest.class,
			CreateElicitationResponse.class, McpServer.class, ReplayFrom.class, AuthMethod.class,
			AvailableCommand.class, AvailableCommandInput.class, BackgroundWork.class, PlanUpdateContent.class,
			DiffChange.class })
	void aVariantNamesItsDiscriminatorInOnePlace(Class<?> union) {
		Method discriminator = Arrays.stream(union.getDeclaredMethods())
			.filter((method) -> method.isDefault() && method.isAnnotationPresent(JsonProperty.class)
					&& !method.isAnnotationPresent(Override.class))
			.filter((method) -> !(union == StateUpdate.class && method.getName().equals("sessionUpdate")))
			.findFirst()
			.orElseThrow();
		List<Class<?>> tagged = Arrays.stream(union.getPermittedSubclasses())
			.filter((variant) -> !variant.getSimpleName().equals("Unknown") && variant.isRecord()
					&& variant.isAnnotationPresent(JsonTypeName.class))
			.toList();
		assertThat(TaggedUnionDeserializer.variantsOf(union)).hasSize(
				tagged.size() + (int) Arrays.stream(union.getPermittedSubclasses()).filter(Class::isInterface).count());
		for (Class<?> variant : tagged) {
			assertThat(Arrays.stream(variant.getDeclaredMethods()).map(Method::getName)).as(variant.getSimpleName())
				.doesNotContain(discriminator.getName());
		}
	}

}
