package dev.acp.spring.fastlaunch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link TrainingExchange}, with a stand-in agent (a shell script) that answers
 * the exchange and records the arguments it was given.
 *
 * @author ACP Spring Boot Starter contributors
 */
class TrainingExchangeTests {

	@TempDir
	Path dir;

	@Test
	void theTrainedAgentKeepsItsSessionsInMemoryOnlyNeverInTheApplicationsStore() throws Exception {
		Path arguments = this.dir.resolve("arguments");
		Path agent = this.dir.resolve("agent.sh");
		Files.writeString(agent, """
				printf '%%s\\n' "$@" > '%s'
				read -r line
				echo '{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":1}}'
				read -r line
				echo '{"jsonrpc":"2.0","id":1,"result":{"sessionId":"s"}}'
				cat > /dev/null
				""".formatted(arguments));
		new TrainingExchange(null, "/tmp").run(List.of("/bin/sh", agent.toString(), "--acp.x=y"),
				this.dir.resolve("training.log"));
		assertThat(Files.readAllLines(arguments)).containsExactly("--acp.x=y", "--acp.sessions.ephemeral=true");
	}

}
