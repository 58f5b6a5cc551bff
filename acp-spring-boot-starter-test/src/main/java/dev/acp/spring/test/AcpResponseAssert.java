package dev.acp.spring.test;

import java.util.function.Consumer;

import dev.acp.spring.jsonrpc.JsonRpcError;
import org.assertj.core.api.AbstractObjectAssert;
import tools.jackson.databind.JsonNode;

/**
 * AssertJ assertions on an {@link AcpResponse}: {@code assertThat(client.call(...))}.
 *
 * @author ACP Spring Boot Starter contributors
 */
public class AcpResponseAssert extends AbstractObjectAssert<AcpResponseAssert, AcpResponse> {

	/**
	 * Create assertions on a response.
	 * @param actual the response
	 */
	public AcpResponseAssert(AcpResponse actual) {
		super(actual, AcpResponseAssert.class);
	}

	/**
	 * Verify that the agent answered a result.
	 * @return this
	 */
	public AcpResponseAssert succeeds() {
		isNotNull();
		if (this.actual.isError()) {
			failWithMessage("Expected '%s' to succeed but the agent answered %s", this.actual.method(), this.actual);
		}
		return this;
	}

	/**
	 * Verify that the agent answered a result equal, as JSON, to the given one.
	 * @param json the expected result as JSON text
	 * @return this
	 */
	public AcpResponseAssert hasResult(String json) {
		succeeds();
		JsonNode expected = this.actual.mapper().readTree(json);
		if (!expected.equals(this.actual.result())) {
			failWithMessage("Expected '%s' to answer%n  %s%nbut it answered%n  %s", this.actual.method(), expected,
					this.actual.result());
		}
		return this;
	}

	/**
	 * Verify that the agent answered a result that, read as a type, satisfies the
	 * requirements.
	 * @param <T> the type
	 * @param type the type to read the result as
	 * @param requirements assertions on the result
	 * @return this
	 */
	public <T> AcpResponseAssert hasResultSatisfying(Class<T> type, Consumer<? super T> requirements) {
		succeeds();
		requirements.accept(this.actual.result(type));
		return this;
	}

	/**
	 * Verify that the agent answered an error.
	 * @return assertions on the error
	 */
	public AcpErrorAssert fails() {
		isNotNull();
		JsonRpcError error = this.actual.error();
		if (error == null) {
			throw failure("Expected '%s' to fail but the agent answered %s", this.actual.method(), this.actual);
		}
		return new AcpErrorAssert(error, this.actual.mapper());
	}

	/**
	 * Verify that the agent answered an error with the given code, such as -32602 for
	 * invalid params.
	 * @param code the expected error code
	 * @return assertions on the error
	 */
	public AcpErrorAssert failsWith(int code) {
		return fails().hasCode(code);
	}

}
