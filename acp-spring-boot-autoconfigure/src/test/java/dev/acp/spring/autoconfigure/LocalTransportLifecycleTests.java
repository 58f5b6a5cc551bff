package dev.acp.spring.autoconfigure;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.protocol.AcpJsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link LocalTransportLifecycle}: what a warm agent leaves behind when it
 * stops.
 *
 * @author ACP Spring Boot Starter contributors
 */
class LocalTransportLifecycleTests {

	@TempDir
	Path directory;

	private LocalTransportLifecycle serving() {
		AcpLocalProperties local = new AcpLocalProperties();
		local.setSocket(this.directory.resolve("agent.sock"));
		local.setPidFile(this.directory.resolve("agent.pid"));
		local.setIdleTimeout(Duration.ofHours(1));
		JsonRpcConnectionFactory connections = new JsonRpcConnectionFactory(new JsonRpcCodec(AcpJsonMapper.create()),
				Runnable::run, Duration.ofSeconds(1), (connection) -> null);
		LocalTransportLifecycle lifecycle = new LocalTransportLifecycle(connections, local, new AcpStdioProperties());
		lifecycle.start();
		lifecycle.serve();
		return lifecycle;
	}

	@Test
	void aStoppingAgentRemovesItsOwnSocketAndPidFile() {
		LocalTransportLifecycle lifecycle = serving();
		assertThat(this.directory.resolve("agent.sock")).exists();
		assertThat(this.directory.resolve("agent.pid")).hasContent(Long.toString(ProcessHandle.current().pid()));
		lifecycle.stop();
		assertThat(this.directory.resolve("agent.sock")).doesNotExist();
		assertThat(this.directory.resolve("agent.pid")).doesNotExist();
	}

	@Test
	void aStaleAgentStoppingLeavesTheSocketAndPidFileOfTheAgentThatReplacedIt() throws Exception {
		LocalTransportLifecycle stale = serving();
		Path socket = this.directory.resolve("agent.sock");
		Path pidFile = this.directory.resolve("agent.pid");
		// a newer agent of the same configuration took the names over, as an agent the
		// launcher starts when the stale one stops answering does
		Files.delete(socket);
		try (ServerSocketChannel newer = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
			newer.bind(UnixDomainSocketAddress.of(socket));
			Files.writeString(pidFile, "4242");
			stale.stop();
			assertThat(socket).exists();
			assertThat(pidFile).hasContent("4242");
		}
	}

}
