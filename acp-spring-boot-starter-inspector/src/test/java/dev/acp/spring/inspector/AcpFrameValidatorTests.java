package dev.acp.spring.inspector;

import dev.acp.spring.inspector.AcpFrameValidator.Validation;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link AcpFrameValidator}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpFrameValidatorTests {

	private static final JsonMapper mapper = JsonMapper.builder().build();

	private static final AcpFrameValidator validator = new AcpFrameValidator(mapper);

	@Test
	void aConformingRequestIsValid() {
		Validation validation = validate(1, "client",
				"""
						{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":1,"clientCapabilities":{"fs":{"readTextFile":true}}}}""");
		assertThat(validation).isEqualTo(new Validation(true, java.util.List.of(), null));
	}

	@Test
	void aRequestMissingARequiredPropertyNamesItUnderParams() {
		Validation validation = validate(1, "client", """
				{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"sess_1"}}""");
		assertThat(validation.valid()).isFalse();
		assertThat(validation.errors()).singleElement().asString().startsWith("$.params").contains("prompt");
	}

	@Test
	void aNotificationOfTheOtherSideIsInvalid() {
		Validation validation = validate(1, "client",
				"""
						{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi"}}}}""");
		assertThat(validation.errors())
			.containsExactly("$.method: session/update is sent by the agent, not the client");
	}

	@Test
	void aToolCallUpdateWithoutItsIdIsInvalid() {
		Validation validation = validate(1, "agent",
				"""
						{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"tool_call_update","status":"completed"}}}""");
		assertThat(validation.valid()).isFalse();
		assertThat(validation.errors()).allSatisfy((error) -> assertThat(error).startsWith("$.params"));
	}

	@Test
	void aResponseIsCheckedAgainstTheResponseTypeOfTheRequestItAnswers() {
		assertThat(validate(1, "agent", """
				{"jsonrpc":"2.0","id":1,"result":{"sessionId":"sess_1"}}""", "session/new").valid()).isTrue();
		Validation wrong = validate(1, "agent", """
				{"jsonrpc":"2.0","id":1,"result":{"sessionId":7}}""", "session/new");
		assertThat(wrong.errors()).singleElement().asString().startsWith("$.result.sessionId");
	}

	@Test
	void anErrorIsCheckedAgainstTheErrorType() {
		assertThat(validate(1, "agent", """
				{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}""", "session/new")
			.valid()).isTrue();
		assertThat(validate(1, "agent", """
				{"jsonrpc":"2.0","id":1,"error":{"message":"no code"}}""", "session/new").errors()).singleElement()
			.asString()
			.startsWith("$.error")
			.contains("code");
	}

	@Test
	void theEnvelopeIsCheckedWhateverTheMethod() {
		assertThat(validate(1, "client", """
				{"jsonrpc":"1.0","id":1,"method":"_demo.acp/echo","params":{}}""").errors())
			.containsExactly("$.jsonrpc: must be \"2.0\"");
		assertThat(validate(1, "agent", """
				{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"x"}}""", "session/new").errors())
			.containsExactly("$: a response has exactly one of result and error");
		assertThat(validate(1, "agent", "[1]").errors()).containsExactly("$: a JSON-RPC message is an object");
	}

	@Test
	void extensionMethodsAndMethodsTheSchemaDoesNotDescribeAreLeftUnchecked() {
		assertThat(validate(1, "client", """
				{"jsonrpc":"2.0","id":1,"method":"_demo.acp/echo","params":{"anything":[1]}}""").unchecked())
			.isEqualTo("extension method");
		assertThat(validate(1, "client", """
				{"jsonrpc":"2.0","id":1,"method":"session/unheard_of","params":{}}""").unchecked())
			.isEqualTo("not in the ACP schema of this version");
	}

	@Test
	void eachVersionIsCheckedAgainstItsOwnSchema() {
		String load = """
				{"jsonrpc":"2.0","id":1,"method":"session/load","params":{"sessionId":"s","cwd":"/w","mcpServers":[]}}""";
		assertThat(validate(1, "client", load)).isEqualTo(new Validation(true, java.util.List.of(), null));
		assertThat(validate(2, "client", load).unchecked()).isEqualTo("not in the ACP schema of this version");
		assertThatIllegalArgumentException().isThrownBy(() -> validate(3, "client", load));
	}

	private static Validation validate(int version, String from, String frame) {
		return validate(version, from, frame, null);
	}

	private static Validation validate(int version, String from, String frame, String requestMethod) {
		JsonNode node = mapper.readTree(frame);
		return validator.validate(version, from, node, requestMethod);
	}

}
