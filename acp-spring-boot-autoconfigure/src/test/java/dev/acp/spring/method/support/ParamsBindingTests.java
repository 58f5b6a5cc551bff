package dev.acp.spring.method.support;

import java.util.List;
import java.util.Map;

import dev.acp.spring.method.AcpException;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.protocol.NewSessionRequest;
import dev.acp.spring.protocol.PromptRequest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Tests for {@link ParamsBinding}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class ParamsBindingTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private Map<String, String> firstError(String json, Class<?> type) {
		AcpException ex = catchThrowableOfType(AcpException.class, () -> ParamsBinding.bind(this.mapper,
				this.mapper.readTree(json), this.mapper.constructType(type), null));
		assertThat(ex.getError().code()).isEqualTo(-32602);
		@SuppressWarnings("unchecked")
		List<Map<String, String>> errors = (List<Map<String, String>>) ((Map<String, Object>) ex.getError().data())
			.get("errors");
		return errors.get(0);
	}

	@Test
	void aMissingPrimitiveFieldIsRequired() {
		assertThat(firstError("{}", Flags.class)).containsEntry("field", "verbose")
			.containsEntry("message", "is required");
	}

	@Test
	void aNullPrimitiveFieldIsRequired() {
		assertThat(firstError("{\"verbose\":null}", Flags.class)).containsEntry("field", "verbose")
			.containsEntry("message", "is required");
	}

	@Test
	void aPrimitiveFieldOfTheWrongTypeHasTheWrongType() {
		assertThat(firstError("{\"verbose\":{}}", Flags.class)).containsEntry("field", "verbose")
			.containsEntry("message", "has the wrong type or shape");
	}

	@Test
	void aMissingNestedPrimitiveNamesItsPath() {
		assertThat(firstError("{\"flags\":{}}", Outer.class)).containsEntry("field", "flags.verbose")
			.containsEntry("message", "is required");
	}

	@Test
	void everyFieldOfTheWrongTypeIsNamedInFieldOrderWhateverTheKeyOrder() {
		List<Map<String, String>> forward = errors("{\"count\":\"x\",\"name\":5,\"when\":[]}", Event.class);
		List<Map<String, String>> backward = errors("{\"when\":[],\"name\":5,\"count\":\"x\"}", Event.class);
		assertThat(forward).extracting((error) -> error.get("field")).containsExactly("count", "name", "when");
		assertThat(forward).allSatisfy((error) -> assertThat(error).containsOnlyKeys("field", "message")
			.containsEntry("message", "has the wrong type or shape"));
		assertThat(backward).isEqualTo(forward);
	}

	@Test
	void aMissingRequiredFieldIsListedWithTheFieldsOfTheWrongType() {
		assertThat(errors("{\"tag\":5,\"count\":\"x\"}", Required.class)).containsExactly(
				ParamsBinding.fieldError("count", "has the wrong type or shape"),
				ParamsBinding.fieldError("name", "is required"),
				ParamsBinding.fieldError("tag", "has the wrong type or shape"));
	}

	@Test
	void theFailingFieldsOfNestedObjectsAndListsNameTheirPaths() {
		String json = "{\"items\":[{\"count\":1,\"name\":\"a\",\"when\":\"t\"},{\"count\":\"y\",\"name\":\"b\",\"when\":\"t\"},"
				+ "{\"count\":2,\"name\":{},\"when\":\"t\"}],\"flags\":{\"verbose\":\"maybe\"},\"label\":[]}";
		assertThat(errors(json, Batch.class)).extracting((error) -> error.get("field"))
			.containsExactly("flags.verbose", "items[1].count", "items[2].name", "label");
	}

	@Test
	void aMissingRequiredFieldAloneStillNamesIt() {
		assertThat(errors("{\"count\":1}", Required.class))
			.containsExactly(ParamsBinding.fieldError("name", "is required"));
	}

	@Test
	void anAcpRecordNamesItsFieldOfTheWrongTypeAndItsMissingRequiredField() {
		assertThat(errors("{\"cwd\":5}", NewSessionRequest.class)).containsExactly(
				ParamsBinding.fieldError("cwd", "has the wrong type or shape"),
				ParamsBinding.fieldError("mcpServers", "is required"));
	}

	@Test
	void aContentBlockOfTheWrongShapeNamesItsPathInThePrompt() {
		String json = "{\"sessionId\":7,\"prompt\":[{\"type\":\"text\",\"text\":\"hi\"},{\"type\":\"text\",\"text\":5}]}";
		assertThat(errors(json, PromptRequest.class)).extracting((error) -> error.get("field"))
			.containsExactly("prompt[1].text", "sessionId");
	}

	private List<Map<String, String>> errors(String json, Class<?> type) {
		AcpException ex = catchThrowableOfType(AcpException.class, () -> ParamsBinding.bind(this.mapper,
				this.mapper.readTree(json), this.mapper.constructType(type), null));
		assertThat(ex.getError().code()).isEqualTo(-32602);
		@SuppressWarnings("unchecked")
		List<Map<String, String>> errors = (List<Map<String, String>>) ((Map<String, Object>) ex.getError().data())
			.get("errors");
		return errors;
	}

	record Flags(boolean verbose) {
	}

	record Event(int count, String name, String when) {
	}

	record Required(String name, int count, String tag) {

		Required {
			java.util.Objects.requireNonNull(name, "name");
		}

	}

	record Batch(List<Event> items, Flags flags, String label) {
	}

	record Outer(Flags flags) {
	}

}
