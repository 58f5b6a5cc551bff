package dev.acp.spring.protocol;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link StopReason}.
 */
class StopReasonTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	@Test
	void knownWireValuesAreTheConstants() {
		assertThat(StopReason.of("end_turn")).isSameAs(StopReason.END_TURN);
		assertThat(StopReason.of("max_tokens")).isSameAs(StopReason.MAX_TOKENS);
		assertThat(StopReason.of("max_turn_requests")).isSameAs(StopReason.MAX_TURN_REQUESTS);
		assertThat(StopReason.of("refusal")).isSameAs(StopReason.REFUSAL);
		assertThat(StopReason.of("cancelled")).isSameAs(StopReason.CANCELLED);
		for (StopReason known : List.of(StopReason.END_TURN, StopReason.MAX_TOKENS, StopReason.MAX_TURN_REQUESTS,
				StopReason.REFUSAL, StopReason.CANCELLED)) {
			assertThat(known.isKnown()).isTrue();
			assertThat(this.mapper.readValue("\"" + known.value() + "\"", StopReason.class)).isSameAs(known);
		}
	}

	@ParameterizedTest
	@ValueSource(strings = { "paused", "_vendor_reason", "End_Turn", "end_turn ", "" })
	void unknownValuesAreKeptVerbatim(String value) {
		StopReason reason = this.mapper.readValue(this.mapper.writeValueAsString(value), StopReason.class);
		assertThat(reason.value()).isEqualTo(value);
		assertThat(reason.toString()).isEqualTo(value);
		assertThat(reason.isKnown()).isFalse();
		assertThat(reason).isEqualTo(StopReason.of(value)).hasSameHashCodeAs(StopReason.of(value));
		assertThat(this.mapper.writeValueAsString(reason)).isEqualTo(this.mapper.writeValueAsString(value));
	}

	@Test
	void serializesAsABareString() {
		assertThat(this.mapper.writeValueAsString(StopReason.END_TURN)).isEqualTo("\"end_turn\"");
		assertThat(this.mapper.writeValueAsString(new PromptResponse(StopReason.CANCELLED)))
			.isEqualTo("{\"stopReason\":\"cancelled\"}");
		assertThat(this.mapper.writeValueAsString(new PromptResponse(StopReason.custom("_acme_timeout"))))
			.isEqualTo("{\"stopReason\":\"_acme_timeout\"}");
	}

	@Test
	void aPromptResponseReadsKnownAndUnknownStopReasons() {
		PromptResponse known = this.mapper.readValue("{\"stopReason\":\"refusal\"}", PromptResponse.class);
		assertThat(known.stopReason()).isSameAs(StopReason.REFUSAL);
		PromptResponse unknown = this.mapper.readValue("{\"stopReason\":\"context_exhausted\",\"_meta\":{\"a\":1}}",
				PromptResponse.class);
		assertThat(unknown.stopReason().isKnown()).isFalse();
		assertThat(this.mapper.writeValueAsString(unknown))
			.isEqualTo("{\"stopReason\":\"context_exhausted\",\"_meta\":{\"a\":1}}");
	}

	@Test
	void customValuesMustStartWithAnUnderscore() {
		StopReason custom = StopReason.custom("_acme.dev/budget");
		assertThat(custom.value()).isEqualTo("_acme.dev/budget");
		assertThat(custom.isKnown()).isFalse();
		assertThat(custom).isEqualTo(StopReason.of("_acme.dev/budget"));
		assertThatIllegalArgumentException().isThrownBy(() -> StopReason.custom("acme_budget"))
			.withMessageContaining("acme_budget");
		assertThatIllegalArgumentException().isThrownBy(() -> StopReason.custom("end_turn"));
		assertThatIllegalArgumentException().isThrownBy(() -> StopReason.custom(""));
		assertThatIllegalArgumentException().isThrownBy(() -> StopReason.custom(null));
	}

	@Test
	void equalityIsByValue() {
		assertThat(StopReason.of("x")).isEqualTo(StopReason.of("x")).isNotEqualTo(StopReason.of("y"));
		assertThat(StopReason.END_TURN).isNotEqualTo("end_turn");
	}

}
