package dev.acp.spring.method;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.CreateTerminalResponse;
import dev.acp.spring.protocol.KillTerminalRequest;
import dev.acp.spring.protocol.KillTerminalResponse;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.ReleaseTerminalRequest;
import dev.acp.spring.protocol.ReleaseTerminalResponse;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.SessionNotification;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.TerminalOutputRequest;
import dev.acp.spring.protocol.TerminalOutputResponse;
import dev.acp.spring.protocol.WaitForTerminalExitRequest;
import dev.acp.spring.protocol.WaitForTerminalExitResponse;
import dev.acp.spring.protocol.WriteTextFileRequest;
import dev.acp.spring.protocol.WriteTextFileResponse;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests that the conveniences of {@link AcpClient} are built on its few primitives, so
 * that an implementation (a test double, say) writes only those.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpClientDefaultsTests {

	private final RecordingClient client = new RecordingClient();

	@Test
	void sessionUpdateHelpersNotifyOneSessionUpdate() {
		this.client.agentMessageChunk("s1", "hello");
		assertThat(this.client.calls).containsExactly(AcpMethods.SESSION_UPDATE + " "
				+ new SessionNotification("s1", new SessionUpdate.AgentMessageChunk(new ContentBlock.Text("hello")))
				+ " null");
	}

	@Test
	void callsWithoutATimeoutWaitTheRequestTimeout() {
		this.client.readTextFile(new ReadTextFileRequest("s1", "/a"));
		assertThat(this.client.calls).containsExactly("readTextFile PT1M");
	}

	@Test
	void permissionRequestsWaitAtLeastTheMinimumPermissionTimeout() {
		assertThat(this.client.permissionTimeout()).isEqualTo(AcpClient.MIN_PERMISSION_TIMEOUT);
		this.client.requestPermission(null);
		assertThat(this.client.calls).containsExactly(AcpMethods.SESSION_REQUEST_PERMISSION + " null "
				+ RequestPermissionResponse.class.getSimpleName() + " " + AcpClient.MIN_PERMISSION_TIMEOUT);
	}

	/**
	 * Implements only the primitives of {@link AcpClient}, recording each call.
	 */
	static final class RecordingClient implements AcpClient {

		final List<String> calls = new ArrayList<>();

		@Override
		public <T> CompletableFuture<T> request(String method, Object params, Class<T> resultType, Duration timeout) {
			this.calls.add(method + " " + params + " " + resultType.getSimpleName() + " " + timeout);
			return new CompletableFuture<>();
		}

		@Override
		public void notify(String method, Object params) {
			this.calls.add(method + " " + params + " null");
		}

		@Override
		public Duration requestTimeout() {
			return Duration.ofMinutes(1);
		}

		@Override
		public CompletableFuture<ReadTextFileResponse> readTextFile(ReadTextFileRequest request, Duration timeout) {
			return record("readTextFile", timeout);
		}

		@Override
		public CompletableFuture<WriteTextFileResponse> writeTextFile(WriteTextFileRequest request, Duration timeout) {
			return record("writeTextFile", timeout);
		}

		@Override
		public CompletableFuture<CreateTerminalResponse> createTerminal(CreateTerminalRequest request,
				Duration timeout) {
			return record("createTerminal", timeout);
		}

		@Override
		public CompletableFuture<TerminalOutputResponse> terminalOutput(TerminalOutputRequest request,
				Duration timeout) {
			return record("terminalOutput", timeout);
		}

		@Override
		public CompletableFuture<WaitForTerminalExitResponse> waitForTerminalExit(WaitForTerminalExitRequest request,
				Duration timeout) {
			return record("waitForTerminalExit", timeout);
		}

		@Override
		public CompletableFuture<KillTerminalResponse> killTerminal(KillTerminalRequest request, Duration timeout) {
			return record("killTerminal", timeout);
		}

		@Override
		public CompletableFuture<ReleaseTerminalResponse> releaseTerminal(ReleaseTerminalRequest request,
				Duration timeout) {
			return record("releaseTerminal", timeout);
		}

		@Override
		public boolean supportsExtension(String namespace) {
			return false;
		}

		private <T> CompletableFuture<T> record(String method, Duration timeout) {
			this.calls.add(method + " " + timeout);
			return new CompletableFuture<>();
		}

	}

}
