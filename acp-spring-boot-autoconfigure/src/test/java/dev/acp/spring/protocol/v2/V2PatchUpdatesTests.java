package dev.acp.spring.protocol.v2;

import java.util.List;
import java.util.Optional;

import dev.acp.spring.protocol.AcpJsonMapper;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A v2 {@code tool_call_update} is a patch: an omitted field leaves the tool call's value
 * unchanged, {@code null} clears it, a value replaces it.
 */
class V2PatchUpdatesTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	@Test
	void anOmittedFieldIsToldApartFromOneClearedWithNull() {
		String json = "{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":\"c\",\"title\":null,\"kind\":\"read\","
				+ "\"content\":null,\"rawOutput\":null,\"capabilities\":null}";
		ToolCallUpdate update = (ToolCallUpdate) this.mapper.readValue(json, SessionUpdate.class);
		assertThat(update.name()).isNull();
		assertThat(update.status()).isNull();
		assertThat(update.locations()).isNull();
		assertThat(update.rawInput()).isNull();
		assertThat(update.title()).isEmpty();
		assertThat(update.content()).isEmpty();
		assertThat(update.capabilities()).isEmpty();
		assertThat(update.rawOutput().isNull()).isTrue();
		assertThat(update.kind()).contains(ToolKind.READ);
		assertThat(this.mapper.readTree(this.mapper.writeValueAsString(update))).isEqualTo(this.mapper.readTree(json));
	}

	@Test
	void aBuiltUpdateWritesOnlyWhatItChanges() {
		ToolCallUpdate update = new ToolCallUpdate("c", null, Optional.of("Read"), null,
				Optional.of(ToolCallStatus.COMPLETED), Optional.of(List.of()), Optional.empty(), null, null, null,
				null);
		assertThat(this.mapper.writeValueAsString(update)).isEqualTo(
				"{\"sessionUpdate\":\"tool_call_update\",\"toolCallId\":\"c\",\"title\":\"Read\",\"status\":\"completed\",\"content\":[],\"locations\":null}");
	}

	@Test
	void aTerminalUpdateTellsAnOmittedFieldFromOneClearedWithNull() {
		String json = "{\"sessionUpdate\":\"terminal_update\",\"terminalId\":\"t\",\"exitStatus\":{\"exitCode\":0},"
				+ "\"capabilities\":null}";
		SessionUpdate.TerminalUpdate update = (SessionUpdate.TerminalUpdate) this.mapper.readValue(json,
				SessionUpdate.class);
		assertThat(update.command()).isNull();
		assertThat(update.size()).isNull();
		assertThat(update.capabilities()).isEmpty();
		assertThat(update.exitStatus()).hasValueSatisfying((status) -> assertThat(status.exitCode()).isZero());
		assertThat(this.mapper.readTree(this.mapper.writeValueAsString(update))).isEqualTo(this.mapper.readTree(json));
	}

}
