package dev.acp.spring.spec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The transports page documents each transport beyond stdio the starter serves, as ACP
 * asks of custom transports: how a connection is set up and how messages travel on it.
 *
 * @author ACP Spring Boot Starter contributors
 */
class TransportsDocumentationTests {

	private static final Path PAGE = Path.of("../docs/transports.md");

	@Test
	void theTransportsPageDescribesConnectionSetupAndMessageFlowOfEachCustomTransport() throws IOException {
		String page = Files.readString(PAGE);
		String webSocket = section(page, "## WebSocket");
		assertThat(webSocket).as("WebSocket: the connection, its id and the framing")
			.contains("each socket at `acp.websocket.path` is one ACP connection",
					"one JSON-RPC message per text frame", "`Acp-Connection-Id`", "binary frames are ignored");
		String http = section(page, "## Streamable HTTP");
		assertThat(http).as("Streamable HTTP: opening with initialize, the streams, the end")
			.contains("initialize opens the connection", "Acp-Connection-Id", "the connection's stream",
					"the session's stream", "end the connection");
	}

	private static String section(String page, String heading) {
		int start = page.indexOf("\n" + heading + "\n");
		assertThat(start).as("the section " + heading).isNotNegative();
		int end = page.indexOf("\n## ", start + heading.length() + 2);
		return page.substring(start, (end < 0) ? page.length() : end);
	}

}
