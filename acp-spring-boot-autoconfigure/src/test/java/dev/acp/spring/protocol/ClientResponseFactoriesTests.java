package dev.acp.spring.protocol;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the static factories of the answers a client gives the agent's calls: each
 * writes the JSON of the ACP v1 schema with no positional {@code null}s, and reads back
 * as the value it built.
 *
 * @author ACP Spring Boot Starter contributors
 */
class ClientResponseFactoriesTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	@Test
	void readTextFileResponseOfTheTextWritesTheContentOnly() {
		assertWritten(ReadTextFileResponse.of("line 1\n"), "{\"content\":\"line 1\\n\"}");
	}

	@Test
	void writeTextFileResponseOkWritesAnEmptyObject() {
		assertWritten(WriteTextFileResponse.ok(), "{}");
	}

	@Test
	void createTerminalResponseOfTheIdWritesTheTerminalId() {
		assertWritten(CreateTerminalResponse.of("term_1"), "{\"terminalId\":\"term_1\"}");
	}

	@Test
	void terminalOutputResponseOfTheOutputIsNotTruncatedAndHasNoExitStatus() {
		assertWritten(TerminalOutputResponse.of("ok\n"), "{\"output\":\"ok\\n\",\"truncated\":false}");
	}

	@Test
	void terminalOutputResponseTruncatedWithAnExitStatusWritesBoth() {
		assertWritten(TerminalOutputResponse.truncated("…tail").withExitStatus(TerminalExitStatus.exited(1)),
				"{\"output\":\"…tail\",\"truncated\":true,\"exitStatus\":{\"exitCode\":1}}");
	}

	@Test
	void terminalExitStatusOfASignalWritesTheSignalOnly() {
		assertWritten(TerminalExitStatus.killed("SIGKILL"), "{\"signal\":\"SIGKILL\"}");
	}

	@Test
	void waitForTerminalExitResponseWritesTheExitCodeOrTheSignal() {
		assertWritten(WaitForTerminalExitResponse.exited(0), "{\"exitCode\":0}");
		assertWritten(WaitForTerminalExitResponse.killed("SIGTERM"), "{\"signal\":\"SIGTERM\"}");
	}

	@Test
	void requestPermissionResponseWritesTheSelectedOptionOrTheCancellation() {
		assertWritten(RequestPermissionResponse.selected("allow"),
				"{\"outcome\":{\"outcome\":\"selected\",\"optionId\":\"allow\"}}");
		assertWritten(RequestPermissionResponse.cancelled(), "{\"outcome\":{\"outcome\":\"cancelled\"}}");
	}

	@Test
	void killAndReleaseTerminalResponsesOkWriteAnEmptyObject() {
		assertWritten(KillTerminalResponse.ok(), "{}");
		assertWritten(ReleaseTerminalResponse.ok(), "{}");
	}

	private void assertWritten(Object value, String json) {
		String written = this.mapper.writeValueAsString(value);
		assertThat(this.mapper.readTree(written)).as(written).isEqualTo(this.mapper.readTree(json));
		assertThat(this.mapper.readValue(written, value.getClass())).isEqualTo(value);
	}

}
