package dev.acp.spring.protocol;

import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonTypeName;
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
 * Round trips of the tagged unions and open values: known variants keep every field and
 * write their discriminator first, unknown variants are written back as received, a known
 * discriminator with a malformed payload fails, closed unions reject unknown variants.
 */
class ProtocolUnionsTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private JsonNode tree(String json) {
		return this.mapper.readTree(json);
	}

	static Stream<Arguments> knownVariants() {
		return Stream.of(Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.ToolCall.class,
				"{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c1\",\"title\":\"Read\",\"name\":\"read_file\",\"kind\":\"read\",\"status\":\"pending\",\"content\":[{\"type\":\"content\",\"content\":{\"type\":\"text\",\"text\":\"x\"}},{\"type\":\"diff\",\"path\":\"/a\",\"newText\":\"b\"},{\"type\":\"terminal\",\"terminalId\":\"t1\"}],\"locations\":[{\"path\":\"/a\",\"line\":3}],\"rawInput\":{\"path\":\"/a\",\"n\":1.25},\"rawOutput\":[1],\"_meta\":{\"k\":1},\"extra\":true}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", ToolCallUpdate.class,
						"{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":\"c1\",\"status\":\"_acme_paused\",\"kind\":\"new_kind\"}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.Plan.class,
						"{\"sessionUpdate\":\"plan\",\"entries\":[{\"content\":\"a\",\"priority\":\"high\",\"status\":\"in_progress\",\"_meta\":{}}]}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.AvailableCommandsUpdate.class,
						"{\"sessionUpdate\":\"available_commands_update\",\"availableCommands\":[{\"name\":\"web\",\"description\":\"Search\",\"input\":{\"hint\":\"query\"}},{\"name\":\"x\",\"description\":\"y\",\"input\":{\"fields\":[1]}}]}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.CurrentModeUpdate.class,
						"{\"sessionUpdate\":\"current_mode_update\",\"currentModeId\":\"code\"}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.ConfigOptionUpdate.class,
						"{\"sessionUpdate\":\"config_option_update\",\"configOptions\":[{\"type\":\"select\",\"id\":\"model\",\"name\":\"Model\",\"category\":\"model\",\"currentValue\":\"a\",\"options\":[{\"value\":\"a\",\"name\":\"A\"}]},{\"type\":\"select\",\"id\":\"g\",\"name\":\"G\",\"currentValue\":\"a\",\"options\":[{\"group\":\"g1\",\"name\":\"G1\",\"options\":[{\"value\":\"a\",\"name\":\"A\"}]}]},{\"type\":\"boolean\",\"id\":\"b\",\"name\":\"B\",\"currentValue\":true,\"category\":\"_acme\"},{\"type\":\"_acme/slider\",\"id\":\"s\",\"min\":0}]}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.SessionInfoUpdate.class,
						"{\"sessionUpdate\":\"session_info_update\",\"title\":\"T\",\"updatedAt\":\"2025-01-01T00:00:00Z\"}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.UsageUpdate.class,
						"{\"sessionUpdate\":\"usage_update\",\"used\":12345678901,\"size\":200000,\"cost\":{\"amount\":0.10,\"currency\":\"USD\"}}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.Notice.class,
						"{\"sessionUpdate\":\"notice\",\"severity\":\"warning\",\"title\":\"Heads up\",\"description\":\"d\"}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.CompactionUpdate.class,
						"{\"sessionUpdate\":\"compaction_update\",\"compactionId\":\"k1\",\"status\":\"completed\"}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.CompactionSummaryChunk.class,
						"{\"sessionUpdate\":\"compaction_summary_chunk\",\"compactionId\":\"k1\",\"content\":{\"type\":\"text\",\"text\":\"s\"}}"),
				Arguments.of(SessionUpdate.class, "sessionUpdate", SessionUpdate.AgentMessageChunk.class,
						"{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{\"type\":\"text\",\"text\":\"s\"},\"messageId\":\"m\"}"),
				Arguments.of(ContentBlock.class, "type", ContentBlock.Text.class,
						"{\"type\":\"text\",\"text\":\"hi\",\"_meta\":{}}"),
				Arguments.of(ContentBlock.class, "type", ContentBlock.ResourceLink.class,
						"{\"type\":\"resource_link\",\"uri\":\"file:///a\",\"name\":\"a\"}"),
				Arguments.of(ToolCallContent.class, "type", ToolCallContent.Content.class,
						"{\"type\":\"content\",\"content\":{\"type\":\"text\",\"text\":\"x\"}}"),
				Arguments.of(ToolCallContent.class, "type", ToolCallContent.Diff.class,
						"{\"type\":\"diff\",\"path\":\"/a\",\"oldText\":\"a\",\"newText\":\"b\"}"),
				Arguments.of(ToolCallContent.class, "type", ToolCallContent.Terminal.class,
						"{\"type\":\"terminal\",\"terminalId\":\"t\"}"),
				Arguments.of(RequestPermissionOutcome.class, "outcome", RequestPermissionOutcome.Cancelled.class,
						"{\"outcome\":\"cancelled\"}"),
				Arguments.of(RequestPermissionOutcome.class, "outcome", RequestPermissionOutcome.Selected.class,
						"{\"outcome\":\"selected\",\"optionId\":\"allow\",\"_meta\":{\"a\":1}}"),
				Arguments.of(SessionConfigOption.class, "type", SessionConfigOption.Select.class,
						"{\"type\":\"select\",\"id\":\"m\",\"name\":\"M\",\"currentValue\":\"a\",\"options\":[]}"),
				Arguments.of(SessionConfigOption.class, "type", SessionConfigOption.BooleanOption.class,
						"{\"type\":\"boolean\",\"id\":\"b\",\"name\":\"B\",\"currentValue\":false}"),
				Arguments.of(McpServer.class, "type", McpServer.Http.class,
						"{\"type\":\"http\",\"name\":\"h\",\"url\":\"https://x\",\"headers\":[{\"name\":\"A\",\"value\":\"b\"}]}"),
				Arguments.of(McpServer.class, "type", McpServer.Sse.class,
						"{\"type\":\"sse\",\"name\":\"s\",\"url\":\"https://x\",\"headers\":[]}"),
				Arguments.of(AuthMethod.class, "type", AuthMethod.Terminal.class,
						"{\"type\":\"terminal\",\"id\":\"login\",\"name\":\"Login\",\"args\":[\"--login\"],\"env\":{\"A\":\"1\"}}"),
				Arguments.of(CreateElicitationRequest.class, "mode", CreateElicitationRequest.Form.class,
						"{\"mode\":\"form\",\"message\":\"m\",\"requestedSchema\":{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\",\"format\":\"email\"},\"b\":{\"type\":\"array\",\"items\":{\"anyOf\":[{\"const\":\"x\",\"title\":\"X\"}]}},\"c\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"p\"]}},\"d\":{\"type\":\"_acme/color\",\"rgb\":true}},\"required\":[\"a\"]},\"sessionId\":\"s\",\"toolCallId\":\"c\"}"),
				Arguments.of(CreateElicitationRequest.class, "mode", CreateElicitationRequest.Url.class,
						"{\"mode\":\"url\",\"message\":\"m\",\"elicitationId\":\"e\",\"url\":\"https://x\",\"requestId\":7}"),
				Arguments.of(CreateElicitationResponse.class, "action", CreateElicitationResponse.Accept.class,
						"{\"action\":\"accept\",\"content\":{\"a\":\"x\",\"n\":12345678901,\"f\":1.50,\"b\":true,\"l\":[\"p\"]}}"),
				Arguments.of(CreateElicitationResponse.class, "action", CreateElicitationResponse.Decline.class,
						"{\"action\":\"decline\"}"),
				Arguments.of(ElicitationPropertySchema.class, "type",
						ElicitationPropertySchema.IntegerPropertySchema.class,
						"{\"type\":\"integer\",\"minimum\":0,\"maximum\":10,\"default\":3}"),
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
	void newlyBuiltVariantsWriteTheirDiscriminatorFirst() {
		assertThat(this.mapper.writeValueAsString(new ContentBlock.Text("hi"))).startsWith("{\"type\":\"text\"");
		assertThat(this.mapper.writeValueAsString(new SessionUpdate.AgentMessageChunk(new ContentBlock.Text("x"))))
			.startsWith("{\"sessionUpdate\":\"agent_message_chunk\",");
		assertThat(this.mapper.writeValueAsString(new SessionUpdate.ToolCall("c1", "Run")))
			.isEqualTo("{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c1\",\"title\":\"Run\"}");
		assertThat(this.mapper.writeValueAsString(new RequestPermissionOutcome.Selected("o")))
			.isEqualTo("{\"outcome\":\"selected\",\"optionId\":\"o\"}");
		assertThat(this.mapper.writeValueAsString(new RequestPermissionOutcome.Cancelled()))
			.isEqualTo("{\"outcome\":\"cancelled\"}");
	}

	static Stream<Arguments> unknownVariants() {
		return Stream.of(
				Arguments.of(SessionUpdate.class, (Function<Object, String>) (v) -> ((SessionUpdate) v).sessionUpdate(),
						"{\"sessionUpdate\":\"_acme/progress\",\"percent\":42,\"nested\":{\"a\":[1,2.50,null]}}"),
				Arguments.of(SessionUpdate.class, (Function<Object, String>) (v) -> ((SessionUpdate) v).sessionUpdate(),
						"{\"sessionUpdate\":\"future_kind\",\"x\":1}"),
				Arguments.of(ToolCallContent.class, (Function<Object, String>) (v) -> ((ToolCallContent) v).type(),
						"{\"type\":\"_acme/chart\",\"series\":[1,2]}"),
				Arguments.of(SessionConfigOption.class,
						(Function<Object, String>) (v) -> ((SessionConfigOption) v).type(),
						"{\"type\":\"slider\",\"id\":\"s\",\"name\":\"S\",\"min\":0,\"max\":1.5}"),
				Arguments.of(CreateElicitationRequest.class,
						(Function<Object, String>) (v) -> ((CreateElicitationRequest) v).mode(),
						"{\"mode\":\"_acme/qr\",\"message\":\"scan\",\"sessionId\":\"s\",\"code\":\"q\"}"),
				Arguments.of(CreateElicitationResponse.class,
						(Function<Object, String>) (v) -> ((CreateElicitationResponse) v).action(),
						"{\"action\":\"defer\",\"until\":3}"),
				Arguments.of(ElicitationPropertySchema.class,
						(Function<Object, String>) (v) -> ((ElicitationPropertySchema) v).type(),
						"{\"type\":\"_acme/color\",\"rgb\":true}"));
	}

	@ParameterizedTest
	@MethodSource("unknownVariants")
	void unknownVariantsAreWrittenBackAsReceived(Class<?> union, Function<Object, String> discriminator, String json) {
		Object value = this.mapper.readValue(json, union);
		assertThat(value.getClass().getSimpleName()).isEqualTo("Unknown");
		assertThat(discriminator.apply(value)).isEqualTo(tree(json).values().iterator().next().stringValue());
		assertThat(this.mapper.writeValueAsString(value)).isEqualTo(json);
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c\"}",
			"{\"sessionUpdate\":\"tool_call\",\"title\":\"t\"}", "{\"sessionUpdate\":\"tool_call_update\"}",
			"{\"sessionUpdate\":\"plan\"}", "{\"sessionUpdate\":\"plan\",\"entries\":[{\"content\":\"a\"}]}",
			"{\"sessionUpdate\":\"usage_update\",\"used\":1}",

			"{\"sessionUpdate\":\"current_mode_update\"}", "{\"sessionUpdate\":\"notice\",\"severity\":\"info\"}",
			"{\"sessionUpdate\":\"available_commands_update\",\"availableCommands\":[{\"name\":\"a\"}]}",
			"{\"sessionUpdate\":\"config_option_update\",\"configOptions\":[{\"type\":\"select\",\"id\":\"a\",\"name\":\"A\"}]}",
			"{\"sessionUpdate\":\"compaction_update\",\"compactionId\":\"k\"}" })
	void knownSessionUpdatesWithAMalformedPayloadFail(String json) {
		assertThatExceptionOfType(JacksonException.class)
			.isThrownBy(() -> this.mapper.readValue(json, SessionUpdate.class));
	}

	@ParameterizedTest
	@ValueSource(strings = { "{\"type\":\"diff\",\"path\":\"/a\"}", "{\"type\":\"terminal\"}",
			"{\"type\":\"content\",\"content\":\"x\"}" })
	void knownToolCallContentWithAMalformedPayloadFails(String json) {
		assertThatExceptionOfType(JacksonException.class)
			.isThrownBy(() -> this.mapper.readValue(json, ToolCallContent.class));
	}

	@ParameterizedTest
	@ValueSource(
			strings = { "{\"outcome\":\"approved\"}", "{\"outcome\":\"_acme\"}", "{\"outcome\":\"selected\"}", "{}" })
	void thePermissionOutcomeIsClosed(String json) {
		assertThatExceptionOfType(JacksonException.class)
			.isThrownBy(() -> this.mapper.readValue(json, RequestPermissionOutcome.class));
	}

	@Test
	void untaggedVariantsAreReadWhenTheDiscriminatorIsAbsent() {
		String stdio = "{\"name\":\"fs\",\"command\":\"/bin/mcp\",\"args\":[],\"env\":[{\"name\":\"A\",\"value\":\"1\"}]}";
		assertThat(this.mapper.readValue(stdio, McpServer.class)).isInstanceOf(McpServer.Stdio.class);
		assertThat(tree(this.mapper.writeValueAsString(this.mapper.readValue(stdio, McpServer.class))))
			.isEqualTo(tree(stdio));
		assertThat(this.mapper.readValue("{\"type\":\"websocket\",\"name\":\"w\"}", McpServer.class))
			.isInstanceOf(McpServer.Unknown.class);
		assertThatExceptionOfType(JacksonException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"name\":\"fs\"}", McpServer.class));
		assertThatExceptionOfType(JacksonException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"type\":\"http\",\"name\":\"h\"}", McpServer.class));
		assertThat(this.mapper.readValue("{\"id\":\"a\",\"name\":\"Agent\"}", AuthMethod.class))
			.isEqualTo(new AuthMethod.Agent("a", "Agent"));
		assertThat(this.mapper.readValue("{\"anyOf\":[{\"const\":\"a\",\"title\":\"A\"}]}", MultiSelectItems.class))
			.isInstanceOf(MultiSelectItems.TitledMultiSelectItems.class);
		assertThat(this.mapper.readValue("{\"uri\":\"file:///a\",\"blob\":\"AA==\"}", EmbeddedResourceResource.class))
			.isInstanceOf(EmbeddedResourceResource.BlobResourceContents.class);
		assertThat(this.mapper.readValue("{\"uri\":\"file:///a\",\"text\":\"t\"}", EmbeddedResourceResource.class))
			.isInstanceOf(EmbeddedResourceResource.TextResourceContents.class);
		assertThatExceptionOfType(JacksonException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"uri\":\"file:///a\"}", EmbeddedResourceResource.class));
	}

	@Test
	void anElicitationNeedsAScope() {
		assertThatExceptionOfType(JacksonException.class).isThrownBy(() -> this.mapper
			.readValue("{\"mode\":\"form\",\"message\":\"m\",\"requestedSchema\":{}}", CreateElicitationRequest.class));
	}

	@Test
	void setConfigOptionTakesAValueIdOrABoolean() {
		SetSessionConfigOptionRequest byId = this.mapper.readValue(
				"{\"sessionId\":\"s\",\"configId\":\"model\",\"value\":\"fast\"}", SetSessionConfigOptionRequest.class);
		assertThat(byId.valueId()).isEqualTo("fast");
		assertThat(byId).isEqualTo(SetSessionConfigOptionRequest.ofValue("s", "model", "fast"));
		SetSessionConfigOptionRequest toggle = SetSessionConfigOptionRequest.ofBoolean("s", "web", true);
		assertThat(this.mapper.writeValueAsString(toggle))
			.isEqualTo("{\"sessionId\":\"s\",\"configId\":\"web\",\"type\":\"boolean\",\"value\":true}");
		assertThat(this.mapper.readValue(this.mapper.writeValueAsString(toggle), SetSessionConfigOptionRequest.class)
			.booleanValue()).isTrue();
		assertThatExceptionOfType(JacksonException.class).isThrownBy(() -> this.mapper.readValue(
				"{\"sessionId\":\"s\",\"configId\":\"c\",\"type\":\"boolean\",\"value\":\"x\"}",
				SetSessionConfigOptionRequest.class));
		assertThatExceptionOfType(JacksonException.class).isThrownBy(() -> this.mapper
			.readValue("{\"sessionId\":\"s\",\"configId\":\"c\",\"value\":true}", SetSessionConfigOptionRequest.class));
	}

	@Test
	void selectOptionsAreReadByShape() {
		SessionConfigSelectOptions flat = this.mapper.readValue("[{\"value\":\"a\",\"name\":\"A\"}]",
				SessionConfigSelectOptions.class);
		assertThat(flat).isInstanceOf(SessionConfigSelectOptions.Ungrouped.class);
		SessionConfigSelectOptions empty = this.mapper.readValue("[]", SessionConfigSelectOptions.class);
		assertThat(empty).isEqualTo(new SessionConfigSelectOptions.Ungrouped(List.of()));
		SessionConfigSelectOptions grouped = this.mapper.readValue(
				"[{\"group\":\"g\",\"name\":\"G\",\"options\":[{\"value\":\"a\",\"name\":\"A\"}]}]",
				SessionConfigSelectOptions.class);
		assertThat(grouped).isInstanceOfSatisfying(SessionConfigSelectOptions.Grouped.class,
				(g) -> assertThat(g.groups().get(0).options().get(0).value()).isEqualTo("a"));
		assertThatExceptionOfType(JacksonException.class)
			.isThrownBy(() -> this.mapper.readValue("[{\"group\":\"g\"}]", SessionConfigSelectOptions.class));
		assertThatExceptionOfType(JacksonException.class)
			.isThrownBy(() -> this.mapper.readValue("{}", SessionConfigSelectOptions.class));
	}

	@Test
	void usageKeepsLargeCountsAndExactCosts() {
		SessionUpdate.UsageUpdate usage = (SessionUpdate.UsageUpdate) this.mapper.readValue(
				"{\"sessionUpdate\":\"usage_update\",\"used\":12345678901,\"size\":2,\"cost\":{\"amount\":0.10,\"currency\":\"USD\"}}",
				SessionUpdate.class);
		assertThat(usage.used()).isEqualTo(12345678901L);
		assertThat(usage.cost().amount()).isEqualTo(new BigDecimal("0.10"));
	}

	@Test
	void openValuesKeepUnknownStringsAndRequireAnUnderscoreForCustomOnes() {
		assertThat(ToolKind.of("read")).isSameAs(ToolKind.READ);
		assertThat(ToolKind.of("teleport").isKnown()).isFalse();
		assertThat(this.mapper.writeValueAsString(ToolKind.of("teleport"))).isEqualTo("\"teleport\"");
		assertThat(ToolCallStatus.of("in_progress")).isSameAs(ToolCallStatus.IN_PROGRESS);
		assertThat(PlanEntryStatus.of("completed")).isSameAs(PlanEntryStatus.COMPLETED);
		assertThat(PlanEntryPriority.of("low")).isSameAs(PlanEntryPriority.LOW);
		assertThat(PermissionOptionKind.of("reject_always")).isSameAs(PermissionOptionKind.REJECT_ALWAYS);
		assertThat(Role.of("user")).isSameAs(Role.USER);
		assertThat(SessionConfigOptionCategory.of("thought_level")).isSameAs(SessionConfigOptionCategory.THOUGHT_LEVEL);
		assertThat(NoticeSeverity.of("error")).isSameAs(NoticeSeverity.ERROR);
		assertThat(CompactionStatus.of("cancelled")).isSameAs(CompactionStatus.CANCELLED);
		assertThat(ToolKind.custom("_acme_deploy").value()).isEqualTo("_acme_deploy");
		assertThatIllegalArgumentException().isThrownBy(() -> ToolKind.custom("deploy"));
		assertThatIllegalArgumentException().isThrownBy(() -> PermissionOptionKind.custom("allow_forever"));
		PlanEntry entry = this.mapper
			.readValue("{\"content\":\"a\",\"priority\":\"urgent\",\"status\":\"_acme_blocked\"}", PlanEntry.class);
		assertThat(entry.priority().isKnown()).isFalse();
		assertThat(tree(this.mapper.writeValueAsString(entry)))
			.isEqualTo(tree("{\"content\":\"a\",\"priority\":\"urgent\",\"status\":\"_acme_blocked\"}"));
	}

	@Test
	void aPermissionRequestCarriesAToolCallUpdateWithoutDiscriminator() {
		String json = "{\"sessionId\":\"s\",\"toolCall\":{\"toolCallId\":\"c\",\"title\":\"Write\"},\"options\":[{\"optionId\":\"a\",\"name\":\"Allow\",\"kind\":\"allow_once\"}]}";
		RequestPermissionRequest request = this.mapper.readValue(json, RequestPermissionRequest.class);
		assertThat(request.options().get(0).kind()).isSameAs(PermissionOptionKind.ALLOW_ONCE);
		assertThat(tree(this.mapper.writeValueAsString(request))).isEqualTo(tree(json));
		RequestPermissionResponse response = this.mapper
			.readValue("{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"a\"}}", RequestPermissionResponse.class);
		assertThat(response.outcome()).isEqualTo(new RequestPermissionOutcome.Selected("a"));
	}

	@Test
	void terminalMessagesRoundTrip() {
		String create = "{\"sessionId\":\"s\",\"command\":\"ls\",\"args\":[\"-l\"],\"env\":[{\"name\":\"A\",\"value\":\"1\"}],\"cwd\":\"/\",\"outputByteLimit\":1048576}";
		assertThat(tree(this.mapper.writeValueAsString(this.mapper.readValue(create, CreateTerminalRequest.class))))
			.isEqualTo(tree(create));
		String output = "{\"output\":\"x\",\"truncated\":false,\"exitStatus\":{\"exitCode\":0,\"signal\":null}}";
		TerminalOutputResponse response = this.mapper.readValue(output, TerminalOutputResponse.class);
		assertThat(response.exitStatus().exitCode()).isZero();
		assertThatExceptionOfType(JacksonException.class)
			.isThrownBy(() -> this.mapper.readValue("{\"output\":\"x\"}", TerminalOutputResponse.class));
	}

	@ParameterizedTest
	@ValueSource(classes = { SessionUpdate.class, ContentBlock.class, ToolCallContent.class,
			RequestPermissionOutcome.class, SessionConfigOption.class, ElicitationPropertySchema.class,
			CreateElicitationRequest.class, CreateElicitationResponse.class })
	void aVariantNamesItsDiscriminatorInOnePlace(Class<?> union) {
		Method discriminator = Arrays.stream(union.getDeclaredMethods())
			.filter((method) -> method.isDefault() && method.isAnnotationPresent(JsonProperty.class))
			.findFirst()
			.orElseThrow();
		List<Class<?>> tagged = Arrays.stream(union.getPermittedSubclasses())
			.filter((variant) -> !variant.getSimpleName().equals("Unknown"))
			.toList();
		assertThat(TaggedUnionDeserializer.variantsOf(union)).hasSameSizeAs(tagged);
		for (Class<?> variant : tagged) {
			assertThat(variant.getAnnotation(JsonTypeName.class)).as(variant.getSimpleName()).isNotNull();
			assertThat(Arrays.stream(variant.getDeclaredMethods()).map(Method::getName)).as(variant.getSimpleName())
				.doesNotContain(discriminator.getName());
		}
	}

}
