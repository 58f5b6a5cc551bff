package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

/**
 * Tests of the builders and static factories of the records people build by hand: each
 * writes the JSON of the ACP v1 schema, and reads back as the value it built.
 *
 * @author ACP Spring Boot Starter contributors
 */
class ProtocolBuildersTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	@Test
	void aToolCallBuiltWithItsCommonFieldsWritesTheToolCallShape() {
		SessionUpdate.ToolCall call = SessionUpdate.ToolCall.builder("call_1", "Read Main.java")
			.kind(ToolKind.READ)
			.status(ToolCallStatus.PENDING)
			.locations(ToolCallLocation.of("/p/Main.java", 3))
			.build();
		assertWritten(call, "{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"call_1\",\"title\":\"Read Main.java\","
				+ "\"kind\":\"read\",\"status\":\"pending\",\"locations\":[{\"path\":\"/p/Main.java\",\"line\":3}]}");
		assertThat(call).isEqualTo(new SessionUpdate.ToolCall("call_1", "Read Main.java", null, ToolKind.READ,
				ToolCallStatus.PENDING, null, List.of(new ToolCallLocation("/p/Main.java", 3)), null, null));
	}

	@Test
	void aToolCallBuiltWithEveryFieldWritesEachUnderItsSchemaName() {
		JsonNode input = this.mapper.readTree("{\"path\":\"/p/a\"}");
		SessionUpdate.ToolCall call = SessionUpdate.ToolCall.builder("c", "Edit a")
			.name("edit_file")
			.kind(ToolKind.EDIT)
			.status(ToolCallStatus.IN_PROGRESS)
			.text("editing")
			.content(ToolCallContent.diff("/p/a", "x", "y"), ToolCallContent.terminal("t1"))
			.locations(ToolCallLocation.of("/p/a"))
			.rawInput(input)
			.rawOutput(this.mapper.readTree("[1]"))
			.meta(Map.of("k", 1))
			.build();
		assertWritten(call,
				"{\"sessionUpdate\":\"tool_call\",\"toolCallId\":\"c\",\"title\":\"Edit a\","
						+ "\"name\":\"edit_file\",\"kind\":\"edit\",\"status\":\"in_progress\",\"content\":["
						+ "{\"type\":\"content\",\"content\":{\"type\":\"text\",\"text\":\"editing\"}},"
						+ "{\"type\":\"diff\",\"path\":\"/p/a\",\"oldText\":\"x\",\"newText\":\"y\"},"
						+ "{\"type\":\"terminal\",\"terminalId\":\"t1\"}],\"locations\":[{\"path\":\"/p/a\"}],"
						+ "\"rawInput\":{\"path\":\"/p/a\"},\"rawOutput\":[1],\"_meta\":{\"k\":1}}");
	}

	@Test
	void aToolCallNeedsItsIdAndTitle() {
		assertThatNullPointerException().isThrownBy(() -> SessionUpdate.ToolCall.builder(null, "t"))
			.withMessage("toolCallId");
		assertThatNullPointerException().isThrownBy(() -> SessionUpdate.ToolCall.builder("c", null))
			.withMessage("title");
	}

	@Test
	void aToolCallUpdateBuiltWithAStatusAndTextWritesOnlyThoseFields() {
		ToolCallUpdate update = ToolCallUpdate.builder("call_1").status(ToolCallStatus.COMPLETED).text("done").build();
		assertWritten(update, "{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":\"call_1\","
				+ "\"status\":\"completed\",\"content\":[{\"type\":\"content\",\"content\":{\"type\":\"text\",\"text\":\"done\"}}]}");
		assertThat(update).isEqualTo(ToolCallUpdate.of("call_1").withStatus(ToolCallStatus.COMPLETED).withText("done"));
		assertThat(update).isEqualTo(SessionUpdate.ToolCall.builder("call_1", "t")
			.build()
			.update()
			.withStatus(ToolCallStatus.COMPLETED)
			.withText("done"));
	}

	@Test
	void oneToolCallUpdateTypeIsASessionUpdateAndThePermissionRequestsToolCall() {
		ToolCallUpdate toolCall = ToolCallUpdate.builder("call_1")
			.title("Run the tests")
			.kind(ToolKind.EXECUTE)
			.build();
		assertThat(toolCall).isInstanceOf(SessionUpdate.class);
		assertThat(this.mapper.readValue(
				"{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":\"call_1\",\"title\":\"Run the tests\",\"kind\":\"execute\"}",
				SessionUpdate.class))
			.isEqualTo(toolCall);
		RequestPermissionRequest request = RequestPermissionRequest.allowOrReject("s1", toolCall);
		assertWritten(request,
				"{\"sessionId\":\"s1\",\"toolCall\":{\"toolCallId\":\"call_1\",\"title\":\"Run the tests\","
						+ "\"kind\":\"execute\"},\"options\":[{\"optionId\":\"allow\",\"name\":\"Allow\",\"kind\":\"allow_once\"},"
						+ "{\"optionId\":\"reject\",\"name\":\"Reject\",\"kind\":\"reject_once\"}]}");
	}

	@Test
	void aPermissionRequestOffersTheOptionsGivenInOrder() {
		RequestPermissionRequest request = RequestPermissionRequest.of("s1", ToolCallUpdate.of("c"),
				PermissionOption.allowAlways("always", "Always allow"),
				PermissionOption.rejectAlways("never", "Never allow"));
		assertWritten(request,
				"{\"sessionId\":\"s1\",\"toolCall\":{\"toolCallId\":\"c\"},\"options\":["
						+ "{\"optionId\":\"always\",\"name\":\"Always allow\",\"kind\":\"allow_always\"},"
						+ "{\"optionId\":\"never\",\"name\":\"Never allow\",\"kind\":\"reject_always\"}]}");
	}

	@Test
	void aPlanOfEntriesWritesThePlanShape() {
		SessionUpdate.Plan plan = SessionUpdate.plan(PlanEntry.completed("Read the code"),
				PlanEntry.inProgress("Fix the test").withPriority(PlanEntryPriority.HIGH), PlanEntry.pending("Run CI"));
		assertWritten(plan,
				"{\"sessionUpdate\":\"plan\",\"entries\":["
						+ "{\"content\":\"Read the code\",\"priority\":\"medium\",\"status\":\"completed\"},"
						+ "{\"content\":\"Fix the test\",\"priority\":\"high\",\"status\":\"in_progress\"},"
						+ "{\"content\":\"Run CI\",\"priority\":\"medium\",\"status\":\"pending\"}]}");
		assertThat(PlanEntry.pending("a").withStatus(PlanEntryStatus.COMPLETED)).isEqualTo(PlanEntry.completed("a"));
	}

	@Test
	void contentBlockFactoriesWriteTheContentBlockShapes() {
		assertWritten(ContentBlock.text("hi"), "{\"type\":\"text\",\"text\":\"hi\"}");
		assertWritten(ContentBlock.image("aGk=", "image/png"),
				"{\"type\":\"image\",\"data\":\"aGk=\",\"mimeType\":\"image/png\"}");
		assertWritten(ContentBlock.audio("aGk=", "audio/wav"),
				"{\"type\":\"audio\",\"data\":\"aGk=\",\"mimeType\":\"audio/wav\"}");
		assertWritten(ContentBlock.resourceLink("file:///p/a", "a"),
				"{\"type\":\"resource_link\",\"uri\":\"file:///p/a\",\"name\":\"a\"}");
		assertWritten(ToolCallContent.of(ContentBlock.text("x")),
				"{\"type\":\"content\",\"content\":{\"type\":\"text\",\"text\":\"x\"}}");
		assertWritten(ToolCallContent.diff("/p/new", null, "y"),
				"{\"type\":\"diff\",\"path\":\"/p/new\",\"newText\":\"y\"}");
	}

	@Test
	void chunkFactoriesWriteOneTextBlock() {
		assertWritten(SessionUpdate.agentMessageChunk("a"),
				"{\"sessionUpdate\":\"agent_message_chunk\",\"content\":{\"type\":\"text\",\"text\":\"a\"}}");
		assertWritten(SessionUpdate.userMessageChunk("u"),
				"{\"sessionUpdate\":\"user_message_chunk\",\"content\":{\"type\":\"text\",\"text\":\"u\"}}");
		assertWritten(SessionUpdate.agentThoughtChunk("t"),
				"{\"sessionUpdate\":\"agent_thought_chunk\",\"content\":{\"type\":\"text\",\"text\":\"t\"}}");
	}

	private void assertWritten(Object value, String json) {
		String written = this.mapper.writeValueAsString(value);
		assertThat(this.mapper.readTree(written)).as(written).isEqualTo(this.mapper.readTree(json));
		assertThat(this.mapper.readValue(written, value.getClass())).isEqualTo(value);
	}

}
