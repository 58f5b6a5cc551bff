package dev.acp.spring.protocol;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Round trips of the plan operations, subagent updates, system prompt and their
 * capabilities.
 */
class StabilizedSurfacesRoundTripTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private JsonNode tree(String json) {
		return this.mapper.readTree(json);
	}

	private <T> T roundTrip(String json, Class<T> type) {
		T value = this.mapper.readValue(json, type);
		assertThat(tree(this.mapper.writeValueAsString(value))).isEqualTo(tree(json));
		return value;
	}

	@ParameterizedTest
	@ValueSource(strings = {
			"{\"type\":\"items\",\"planId\":\"p1\",\"entries\":[{\"content\":\"a\",\"priority\":\"high\",\"status\":\"pending\"}]}",
			"{\"type\":\"file\",\"planId\":\"p1\",\"uri\":\"file:///plan.md\",\"_meta\":{\"k\":1}}",
			"{\"type\":\"markdown\",\"planId\":\"p1\",\"content\":\"# Plan\",\"extra\":true}" })
	void everyPlanRepresentationRoundTripsInAPlanUpdate(String content) {
		String json = "{\"sessionUpdate\":\"plan_update\",\"plan\":" + content + "}";
		SessionUpdate update = roundTrip(json, SessionUpdate.class);
		assertThat(update).isInstanceOf(SessionUpdate.PlanUpdate.class);
		assertThat(((SessionUpdate.PlanUpdate) update).plan()).isNotInstanceOf(PlanUpdateContent.Unknown.class);
	}

	@Test
	void aPlanOfAnUnknownRepresentationIsKeptWhole() {
		SessionUpdate update = roundTrip(
				"{\"sessionUpdate\":\"plan_update\",\"plan\":{\"type\":\"canvas\",\"planId\":\"p1\",\"x\":[1]}}",
				SessionUpdate.class);
		assertThat(((SessionUpdate.PlanUpdate) update).plan()).isInstanceOf(PlanUpdateContent.Unknown.class);
	}

	@Test
	void aPlanRemovalRoundTrips() {
		assertThat(roundTrip("{\"sessionUpdate\":\"plan_removed\",\"planId\":\"p1\"}", SessionUpdate.class))
			.isEqualTo(new SessionUpdate.PlanRemoved("p1"));
	}

	@Test
	void aSubagentUpdateRoundTripsWithItsStateKeptAsReceived() {
		SessionUpdate update = roundTrip("{\"sessionUpdate\":\"subagent_update\",\"sessionId\":\"child\","
				+ "\"title\":\"Reviewer\",\"capabilities\":{\"cancel\":{}},\"state\":{\"state\":\"running\"},"
				+ "\"cwd\":\"/w\",\"additionalDirectories\":[\"/x\"]}", SessionUpdate.class);
		SessionUpdate.SubagentUpdate subagent = (SessionUpdate.SubagentUpdate) update;
		assertThat(subagent.capabilities().cancel()).isNotNull();
		assertThat(subagent.state().get("state").stringValue()).isEqualTo("running");
	}

	@Test
	void clientCapabilitiesKeepPlanAndSubagents() {
		ClientCapabilities capabilities = roundTrip("{\"plan\":{},\"subagents\":{\"_meta\":{\"v\":2}}}",
				ClientCapabilities.class);
		assertThat(capabilities.plan()).isNotNull();
		assertThat(capabilities.subagents().meta()).containsEntry("v", 2);
		assertThat(this.mapper.readValue("{}", ClientCapabilities.class).plan()).isNull();
	}

	@Test
	void systemPromptCapabilitiesSayWhichModesAreSupported() {
		SessionCapabilities appendOnly = roundTrip("{\"systemPrompt\":{}}", SessionCapabilities.class);
		assertThat(appendOnly.systemPrompt().supports(SystemPromptMode.APPEND)).isTrue();
		assertThat(appendOnly.systemPrompt().supports(SystemPromptMode.OVERRIDE)).isFalse();
		SessionCapabilities both = roundTrip("{\"systemPrompt\":{\"mode\":{\"override\":{}}}}",
				SessionCapabilities.class);
		assertThat(both.systemPrompt()).isEqualTo(SessionSystemPromptCapabilities.appendAndOverride());
		assertThat(both.systemPrompt().supports(SystemPromptMode.OVERRIDE)).isTrue();
		assertThat(both.systemPrompt().supports(SystemPromptMode.of("_mine"))).isFalse();
	}

	@Test
	void sessionSetupRequestsCarryTheSystemPrompt() {
		String prompt = "\"systemPrompt\":{\"mode\":\"override\",\"content\":[{\"type\":\"text\",\"text\":\"Be brief.\"}]}";
		NewSessionRequest created = roundTrip("{\"cwd\":\"/w\",\"mcpServers\":[]," + prompt + "}",
				NewSessionRequest.class);
		assertThat(created.systemPrompt()).isEqualTo(SystemPrompt.of(SystemPromptMode.OVERRIDE, "Be brief."));
		assertThat(roundTrip("{\"sessionId\":\"s\",\"cwd\":\"/w\",\"mcpServers\":[]," + prompt + "}",
				LoadSessionRequest.class)
			.systemPrompt()
			.text()).isEqualTo("Be brief.");
		assertThat(roundTrip("{\"sessionId\":\"s\",\"cwd\":\"/w\"," + prompt + "}", ResumeSessionRequest.class)
			.systemPrompt()
			.mode()).isEqualTo(SystemPromptMode.OVERRIDE);
	}

	@Test
	void anUnknownSystemPromptModeIsKept() {
		SystemPrompt prompt = roundTrip("{\"mode\":\"_team\",\"content\":[{\"type\":\"text\",\"text\":\"x\"}]}",
				SystemPrompt.class);
		assertThat(prompt.mode().isKnown()).isFalse();
	}

	@Test
	void theTextOfASystemPromptRefusesEmptyAndNonTextContent() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SystemPrompt(SystemPromptMode.APPEND, List.of(), null).text())
			.withMessageContaining("empty");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new SystemPrompt(SystemPromptMode.APPEND,
					List.of(new ContentBlock.Image("aGk=", "image/png", null, null, null)), null)
				.text())
			.withMessageContaining("text blocks only");
	}

}
