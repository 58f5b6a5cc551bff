package dev.acp.spring.test;

import dev.acp.spring.jsonrpc.JsonRpcError;
import org.assertj.core.api.AssertProvider;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The agent's answer to one call of an {@link AcpTestClient}: a result or an error.
 * Assert on it with AssertJ's {@code assertThat}, which gives an
 * {@link AcpResponseAssert}:
 *
 * <pre class="code">
 * assertThat(client.call("_example.com/summary", Map.of("period", 7))).failsWith(-32602)
 *     .hasDataContaining("sessionId");
 * </pre>
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpResponse implements AssertProvider<AcpResponseAssert> {

	private final String method;

	private final @Nullable JsonNode result;

	private final @Nullable JsonRpcError error;

	private final ObjectMapper mapper;

	private AcpResponse(String method, @Nullable JsonNode result, @Nullable JsonRpcError error, ObjectMapper mapper) {
		this.method = method;
		this.result = result;
		this.error = error;
		this.mapper = mapper;
	}

	static AcpResponse result(String method, JsonNode result, ObjectMapper mapper) {
		return new AcpResponse(method, result, null, mapper);
	}

	static AcpResponse error(String method, JsonRpcError error, ObjectMapper mapper) {
		return new AcpResponse(method, null, error, mapper);
	}

	/**
	 * The method called.
	 * @return the method name
	 */
	public String method() {
		return this.method;
	}

	/**
	 * Whether the agent answered an error.
	 * @return whether it did
	 */
	public boolean isError() {
		return this.error != null;
	}

	/**
	 * The error the agent answered.
	 * @return the error, or {@code null} for a result
	 */
	public @Nullable JsonRpcError error() {
		return this.error;
	}

	/**
	 * The result as received.
	 * @return the result, or {@code null} for an error
	 */
	public @Nullable JsonNode result() {
		return this.result;
	}

	/**
	 * The result read as a type.
	 * @param <T> the type
	 * @param type the type, such as a protocol record
	 * @return the result
	 * @throws AssertionError if the agent answered an error or the result does not read
	 * as the type
	 */
	public <T> T result(Class<T> type) {
		if (this.error != null) {
			throw new AssertionError("Expected a result of '" + this.method + "' but the agent answered " + this);
		}
		try {
			return this.mapper.treeToValue(this.result, type);
		}
		catch (JacksonException ex) {
			throw new AssertionError("The result of '" + this.method + "' does not read as " + type.getName() + ": "
					+ ex.getOriginalMessage() + " in " + this.result, ex);
		}
	}

	ObjectMapper mapper() {
		return this.mapper;
	}

	@Override
	public AcpResponseAssert assertThat() {
		return new AcpResponseAssert(this);
	}

	@Override
	public String toString() {
		if (this.error == null) {
			return "result " + this.result;
		}
		return "error " + AcpErrorAssert.describe(this.error, this.mapper);
	}

}
