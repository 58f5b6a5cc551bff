package dev.acp.spring.test;

import java.util.function.Consumer;

import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.protocol.AcpJsonMapper;
import org.assertj.core.api.AbstractObjectAssert;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * AssertJ assertions on a JSON-RPC error the agent answered (from
 * {@link AcpResponseAssert#failsWith(int)}), or any {@link JsonRpcError}, such as
 * {@code AcpClientException.getError()}.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpErrorAssert extends AbstractObjectAssert<AcpErrorAssert, JsonRpcError> {

	private final ObjectMapper mapper;

	/**
	 * Create assertions on an error.
	 * @param actual the error
	 */
	public AcpErrorAssert(JsonRpcError actual) {
		this(actual, AcpJsonMapper.create());
	}

	AcpErrorAssert(JsonRpcError actual, ObjectMapper mapper) {
		super(actual, AcpErrorAssert.class);
		this.mapper = mapper;
	}

	/**
	 * Verify the error code.
	 * @param code the expected code
	 * @return this
	 */
	public AcpErrorAssert hasCode(int code) {
		isNotNull();
		if (this.actual.code() != code) {
			failWithMessage("Expected error code %d but was %s", code, describe(this.actual, this.mapper));
		}
		return this;
	}

	/**
	 * Verify the error message.
	 * @param message the expected message
	 * @return this
	 */
	public AcpErrorAssert hasMessage(String message) {
		isNotNull();
		if (!message.equals(this.actual.message())) {
			failWithMessage("Expected error message \"%s\" but was %s", message, describe(this.actual, this.mapper));
		}
		return this;
	}

	/**
	 * Verify that the error message contains a text.
	 * @param text the text
	 * @return this
	 */
	public AcpErrorAssert hasMessageContaining(String text) {
		isNotNull();
		if (this.actual.message() == null || !this.actual.message().contains(text)) {
			failWithMessage("Expected error message to contain \"%s\" but was %s", text,
					describe(this.actual, this.mapper));
		}
		return this;
	}

	/**
	 * Verify that the error's {@code data}, as JSON text, contains a text (a field name,
	 * for example).
	 * @param text the text
	 * @return this
	 */
	public AcpErrorAssert hasDataContaining(String text) {
		isNotNull();
		JsonNode data = data();
		if (data == null || !data.toString().contains(text)) {
			failWithMessage("Expected error data to contain \"%s\" but was %s", text,
					describe(this.actual, this.mapper));
		}
		return this;
	}

	/**
	 * Verify that the error's {@code data} satisfies the requirements.
	 * @param requirements assertions on the data ({@code null} when absent)
	 * @return this
	 */
	public AcpErrorAssert hasDataSatisfying(Consumer<@Nullable JsonNode> requirements) {
		isNotNull();
		requirements.accept(data());
		return this;
	}

	private @Nullable JsonNode data() {
		return (this.actual.data() != null) ? this.mapper.valueToTree(this.actual.data()) : null;
	}

	static String describe(JsonRpcError error, ObjectMapper mapper) {
		String text = error.code() + " \"" + error.message() + "\"";
		return (error.data() != null) ? text + " data " + mapper.valueToTree(error.data()) : text;
	}

}
