package dev.acp.spring.method;

import java.util.List;
import java.util.Map;

import dev.acp.spring.protocol.AcpJsonMapper;
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

	record Flags(boolean verbose) {
	}

	record Outer(Flags flags) {
	}

}
