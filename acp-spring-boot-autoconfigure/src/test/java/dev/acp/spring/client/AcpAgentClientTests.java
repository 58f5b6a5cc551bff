package dev.acp.spring.client;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.protocol.AuthMethod;
import dev.acp.spring.protocol.ClientCapabilities;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.FileSystemCapabilities;
import dev.acp.spring.protocol.Implementation;
import dev.acp.spring.protocol.PromptResponse;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.SessionConfigOption;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.protocol.StopReason;
import dev.acp.spring.protocol.WriteTextFileRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * Tests for the client of a spawned agent ({@link ScriptedAgent}, a separate process).
 */
class AcpAgentClientTests {

	@TempDir
	Path directory;

	private final List<AcpAgentClient> clients = new ArrayList<>();

	@AfterEach
	void closeClients() {
		this.clients.forEach(AcpAgentClient::close);
	}

	private AcpAgentClient client(Map<String, String> env) {
		return client(AcpAgentClient.builder().env(env));
	}

	private AcpAgentClient client(AcpAgentClient.Builder builder) {
		List<String> command = ScriptedAgent.command();
		AcpAgentClient client = builder.name("scripted")
			.command(command.get(0), command.subList(1, command.size()))
			.clientInfo(new Implementation("client-tests", "1.2"))
			.requestTimeout(Duration.ofSeconds(30))
			.shutdownGracePeriod(Duration.ofSeconds(2))
			.build();
		this.clients.add(client);
		return client;
	}

	private static String text(SessionUpdate update) {
		return ((ContentBlock.Text) ((SessionUpdate.AgentMessageChunk) update).content()).text();
	}

	@Test
	void nothingIsSpawnedBeforeFirstUse() {
		AcpAgentClient client = client(Map.of());
		assertThat(client.isConnected()).isFalse();
	}

	@Test
	void initializeAsksForVersionTwoAndStillSendsClientInfoAndTheCapabilitiesServed() {
		AcpAgentClient client = client(Map.of());
		assertThat(client.initializeResponse().agentInfo().name()).isEqualTo("scripted-agent");
		assertThat(client.authMethods()).singleElement()
			.isInstanceOf(AuthMethod.Agent.class)
			.satisfies((method) -> assertThat(((AuthMethod.Agent) method).id()).isEqualTo("token"));
		AcpAgentSession session = client.newSession(this.directory);
		PromptResponse response = session.prompt("initialize-params", (update) -> {
		});
		Map<?, ?> initialize = (Map<?, ?>) response.meta().get("initialize");
		assertThat(initialize.get("protocolVersion")).isEqualTo(2);
		assertThat(initialize.get("info")).isEqualTo(Map.of("name", "client-tests", "version", "1.2"));
		assertThat(initialize.get("clientInfo")).isEqualTo(Map.of("name", "client-tests", "version", "1.2"));
		assertThat(initialize.get("clientCapabilities"))
			.isEqualTo(Map.of("fs", Map.of("readTextFile", true, "writeTextFile", true), "terminal", true));
	}

	@Test
	void capabilitiesFollowWhatIsServed() {
		AcpAgentClient client = client(AcpAgentClient.builder().fileSystem(null).terminals(null));
		PromptResponse response = client.newSession(this.directory).prompt("initialize-params", (update) -> {
		});
		assertThat(((Map<?, ?>) response.meta().get("initialize")).get("clientCapabilities")).isEqualTo(Map.of());
	}

	@Test
	void anAgentSpeakingAnotherProtocolVersionIsRefused() {
		AcpAgentClient client = client(Map.of("AGENT_PROTOCOL_VERSION", "3"));
		assertThatExceptionOfType(AcpProtocolVersionException.class).isThrownBy(client::connect)
			.withMessageContaining("speaks ACP protocol version 3")
			.withMessageContaining("asked for version 2");
		assertThat(client.isConnected()).isFalse();
	}

	@Test
	void aTurnDeliversEveryUpdateInArrivalOrderBeforeItsAnswer() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		List<String> received = new CopyOnWriteArrayList<>();
		List<String> threads = new CopyOnWriteArrayList<>();
		PromptResponse response = session.prompt("updates 500", (update) -> {
			received.add(text(update));
			threads.add(Thread.currentThread().getName());
		});
		assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(received).hasSize(500);
		for (int i = 0; i < 500; i++) {
			assertThat(received.get(i)).isEqualTo("chunk " + i);
		}
	}

	@Test
	void anAsynchronousTurnCompletesAfterItsUpdates() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		List<String> received = new CopyOnWriteArrayList<>();
		List<String> seenAtAnswer = session.promptAsync("updates 100", (update) -> received.add(text(update)))
			.thenApply((response) -> List.copyOf(received))
			.join();
		assertThat(seenAtAnswer).hasSize(100);
	}

	@Test
	void loadSessionDeliversTheReplayBeforeItReturns() {
		List<String> received = new CopyOnWriteArrayList<>();
		client(Map.of()).loadSession("old", this.directory, (update) -> received.add(text(update)));
		assertThat(received).containsExactly("replayed 1", "replayed 2");
	}

	@Test
	void aCrashedAgentFailsThePendingTurnAtOnceWithItsExitCode() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		assertThatExceptionOfType(AcpAgentClosedException.class).isThrownBy(() -> session.prompt("crash 3", (u) -> {
		})).satisfies((ex) -> {
			assertThat(ex.getExitCode()).isEqualTo(3);
			assertThat(ex.getMessage()).contains("exited with code 3");
		});
	}

	@Test
	void afterACrashTheNextUseSpawnsTheAgentAgain() {
		AcpAgentClient client = client(Map.of());
		AcpAgentSession session = client.newSession(this.directory);
		assertThatExceptionOfType(AcpAgentClosedException.class).isThrownBy(() -> session.prompt("crash 1", (u) -> {
		}));
		assertThat(client.newSession(this.directory).prompt("hello", (u) -> {
		}).stopReason()).isEqualTo(StopReason.END_TURN);
	}

	@Test
	void anExtensionMethodIsCalledOnlyWhenTheAgentAdvertisesIt() {
		AcpAgentClient client = client(Map.of());
		assertThat(client.request("_example.com/echo", Map.of("a", 1), Map.class)).isEqualTo(Map.of("a", 1));
		assertThatExceptionOfType(AcpAgentCapabilityException.class)
			.isThrownBy(() -> client.request("_other.org/thing", Map.of(), Map.class))
			.withMessageContaining("does not advertise '_meta.other.org'");
	}

	@Test
	void closingTheClientStopsTheAgentByClosingItsInput() {
		AcpAgentClient client = client(Map.of());
		client.connect();
		AgentConnection connection = ((DefaultAcpAgentClient) client).currentConnection();
		client.close();
		assertThat(connection.closedException().getExitCode()).isEqualTo(0);
		assertThatExceptionOfType(AcpAgentClosedException.class).isThrownBy(client::connect);
	}

	@Test
	void anAgentThatIgnoresItsInputAndSigtermIsKilled() {
		AcpAgentClient client = client(AcpAgentClient.builder()
			.env(Map.of("AGENT_STUBBORN", "true"))
			.shutdownGracePeriod(Duration.ofMillis(300)));
		client.connect();
		AgentConnection connection = ((DefaultAcpAgentClient) client).currentConnection();
		long start = System.nanoTime();
		client.close();
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
		assertThat(connection.closedException().getExitCode()).isNotNull().isNotEqualTo(0);
	}

	@Test
	void theDefaultPolicyRejectsAPermissionRequest() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		PromptResponse response = session.prompt("call session/request_permission {\"sessionId\":\"" + session.id()
				+ "\",\"toolCall\":{\"toolCallId\":\"t1\"},\"options\":["
				+ "{\"optionId\":\"yes\",\"name\":\"Allow\",\"kind\":\"allow_once\"},"
				+ "{\"optionId\":\"no\",\"name\":\"Reject\",\"kind\":\"reject_once\"}]}", (u) -> {
				});
		assertThat(response.meta().get("result"))
			.isEqualTo(Map.of("outcome", Map.of("outcome", "selected", "optionId", "no")));
	}

	@Test
	void aWriteOrCommandTheDefaultPolicyRefusesDoesNotRun() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		Path marker = this.directory.resolve("ran");
		PromptResponse command = session.prompt("call terminal/create {\"sessionId\":\"" + session.id()
				+ "\",\"command\":\"touch\",\"args\":[" + quote(marker.toString()) + "]}", (u) -> {
				});
		assertThat(command.meta()).doesNotContainKey("result");
		assertThat(((Map<?, ?>) command.meta().get("error")).get("code")).isEqualTo(-32602);
		assertThat(command.meta().get("error").toString()).contains("command",
				"is refused by the client's permission policy");
		Path written = this.directory.resolve("written.txt");
		PromptResponse write = session.prompt("call fs/write_text_file {\"sessionId\":\"" + session.id()
				+ "\",\"path\":" + quote(written.toString()) + ",\"content\":\"x\"}", (u) -> {
				});
		assertThat(((Map<?, ?>) write.meta().get("error")).get("code")).isEqualTo(-32602);
		assertThat(write.meta().get("error").toString()).contains("path",
				"is refused by the client's permission policy");
		assertThat(marker).doesNotExist();
		assertThat(written).doesNotExist();
	}

	@Test
	void aCommandThePolicyAllowsRuns() {
		AcpAgentSession session = client(AcpAgentClient.builder().permissionPolicy(new AllowingPolicy()))
			.newSession(this.directory);
		Path marker = this.directory.resolve("ran");
		PromptResponse command = session.prompt("call terminal/create {\"sessionId\":\"" + session.id()
				+ "\",\"command\":\"touch\",\"args\":[" + quote(marker.toString()) + "]}", (u) -> {
				});
		String terminalId = (String) ((Map<?, ?>) command.meta().get("result")).get("terminalId");
		PromptResponse exit = session.prompt("call terminal/wait_for_exit {\"sessionId\":\"" + session.id()
				+ "\",\"terminalId\":\"" + terminalId + "\"}", (u) -> {
				});
		assertThat(exit.meta().get("result")).isEqualTo(Map.of("exitCode", 0));
		assertThat(marker).exists();
	}

	@Test
	void aRemoteAgentIsOfferedNeitherWritesNorTerminalsUnlessConfigured() {
		URI url = URI.create("ws://127.0.0.1:1/acp");
		AcpAgentClient remote = AcpAgentClient.builder().name("remote").url(url).build();
		AcpAgentClient optedIn = AcpAgentClient.builder()
			.name("opted-in")
			.url(url)
			.fileWrites(true)
			.terminals(AcpClientTerminals.processes())
			.build();
		this.clients.addAll(List.of(remote, optedIn));
		assertThat(((DefaultAcpAgentClient) remote).clientCapabilities()).isEqualTo(
				new ClientCapabilities(new FileSystemCapabilities(true, null, null), null, null, null, null, null));
		assertThat(((DefaultAcpAgentClient) optedIn).clientCapabilities()).isEqualTo(
				new ClientCapabilities(new FileSystemCapabilities(true, true, null), true, null, null, null, null));
	}

	@Test
	void aClientServingNoWritesAnswersWritesMethodNotFoundAndDoesNotAdvertiseThem() {
		AcpAgentSession session = client(
				AcpAgentClient.builder().fileWrites(false).permissionPolicy(new AllowingPolicy()))
			.newSession(this.directory);
		PromptResponse initialize = session.prompt("initialize-params", (update) -> {
		});
		assertThat(((Map<?, ?>) initialize.meta().get("initialize")).get("clientCapabilities"))
			.isEqualTo(Map.of("fs", Map.of("readTextFile", true), "terminal", true));
		Path written = this.directory.resolve("written.txt");
		PromptResponse write = session.prompt("call fs/write_text_file {\"sessionId\":\"" + session.id()
				+ "\",\"path\":" + quote(written.toString()) + ",\"content\":\"x\"}", (u) -> {
				});
		assertThat(((Map<?, ?>) write.meta().get("error")).get("code")).isEqualTo(-32601);
		assertThat(written).doesNotExist();
	}

	@Test
	void theAgentReadsAndWritesFilesInsideTheSessionDirectoryOnly() throws Exception {
		Files.writeString(this.directory.resolve("a.txt"), "one\ntwo\nthree\n");
		AcpAgentSession session = client(AcpAgentClient.builder().permissionPolicy(new AllowingPolicy()))
			.newSession(this.directory);
		String file = this.directory.resolve("a.txt").toString();
		PromptResponse read = session.prompt("call fs/read_text_file {\"sessionId\":\"" + session.id() + "\",\"path\":"
				+ quote(file) + ",\"line\":2,\"limit\":1}", (u) -> {
				});
		assertThat(read.meta().get("result")).isEqualTo(Map.of("content", "two\n"));
		String written = this.directory.resolve("sub/b.txt").toString();
		session.prompt("call fs/write_text_file {\"sessionId\":\"" + session.id() + "\",\"path\":" + quote(written)
				+ ",\"content\":\"hello\"}", (u) -> {
				});
		assertThat(Files.readString(Path.of(written), StandardCharsets.UTF_8)).isEqualTo("hello");
		String outside = this.directory.resolve("../escape.txt").toString();
		PromptResponse refused = session.prompt("call fs/write_text_file {\"sessionId\":\"" + session.id()
				+ "\",\"path\":" + quote(outside) + ",\"content\":\"x\"}", (u) -> {
				});
		assertThat(((Map<?, ?>) refused.meta().get("error")).get("code")).isEqualTo(-32602);
		assertThat(refused.meta().get("error").toString()).contains("outside the working directory");
		assertThat(this.directory.resolveSibling("escape.txt")).doesNotExist();
	}

	@Test
	void aCallForASessionTheClientDoesNotKnowIsInvalidParams() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		PromptResponse response = session.prompt("call fs/read_text_file {\"sessionId\":\"nope\",\"path\":"
				+ quote(this.directory.resolve("a.txt").toString()) + "}", (u) -> {
				});
		assertThat(((Map<?, ?>) response.meta().get("error")).get("code")).isEqualTo(-32602);
		assertThat(response.meta().get("error").toString()).contains("sessionId", "is not a session of this client");
	}

	@Test
	void aClientServingNoFileSystemAnswersFsCallsMethodNotFound() {
		AcpAgentSession session = client(AcpAgentClient.builder().fileSystem(null)).newSession(this.directory);
		PromptResponse response = session.prompt("call fs/read_text_file {\"sessionId\":\"" + session.id()
				+ "\",\"path\":" + quote(this.directory.resolve("a.txt").toString()) + "}", (u) -> {
				});
		assertThat(((Map<?, ?>) response.meta().get("error")).get("code")).isEqualTo(-32601);
	}

	@Test
	void aPromptCannotBeStartedFromAnUpdateListener() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		List<Throwable> failures = new CopyOnWriteArrayList<>();
		session.prompt("hello", (update) -> {
			try {
				session.prompt("again", (u) -> {
				});
			}
			catch (IllegalStateException ex) {
				failures.add(ex);
			}
		});
		assertThat(failures).singleElement().satisfies((ex) -> assertThat(ex).hasMessageContaining("promptAsync"));
	}

	@Test
	void aSessionIsNotLoadedFromAnAgentThatDoesNotAdvertiseLoadSession() {
		AcpAgentClient client = client(Map.of("AGENT_LOAD_SESSION", "false"));
		assertThatExceptionOfType(AcpAgentCapabilityException.class)
			.isThrownBy(() -> client.loadSession("s-1", this.directory, (update) -> {
			}))
			.withMessageContaining("loadSession");
		PromptResponse lines = client.newSession(this.directory).prompt("input-lines", (update) -> {
		});
		assertThat(lines.meta().get("lines").toString()).doesNotContain("session/load");
	}

	@Test
	void aTerminalAuthMethodIsNotPassedToAuthenticate() {
		AcpAgentClient client = client(Map.of("AGENT_TERMINAL_AUTH", "true"));
		assertThatIllegalArgumentException().isThrownBy(() -> client.authenticate("tui"))
			.withMessageContaining("terminal");
		client.authenticate("token");
		PromptResponse lines = client.newSession(this.directory).prompt("input-lines", (update) -> {
		});
		assertThat(lines.meta().get("lines").toString()).contains("\"methodId\":\"token\"").doesNotContain("tui");
	}

	@Test
	void aSessionIsStartedWithTheAbsoluteWorkingDirectory() {
		AcpAgentSession session = client(Map.of()).newSession(Path.of("relative/dir"));
		PromptResponse response = session.prompt("session-new-params", (update) -> {
		});
		String cwd = String.valueOf(((Map<?, ?>) response.meta().get("sessionNew")).get("cwd"));
		assertThat(Path.of(cwd)).isAbsolute().isEqualTo(Path.of("relative/dir").toAbsolutePath().normalize());
	}

	@Test
	void closingASessionSendsNoSessionCloseToAnAgentThatDoesNotAdvertiseIt() {
		AcpAgentClient client = client(Map.of());
		client.newSession(this.directory.resolve("a")).close();
		PromptResponse lines = client.newSession(this.directory).prompt("input-lines", (update) -> {
		});
		assertThat(lines.meta().get("lines").toString()).contains("session/new").doesNotContain("session/close");
	}

	@Test
	void closingASessionSendsSessionCloseWithItsIdToAnAgentThatAdvertisesIt() {
		AcpAgentClient client = client(Map.of("AGENT_CLOSE", "true"));
		AcpAgentSession closed = client.newSession(this.directory.resolve("a"));
		closed.close();
		PromptResponse lines = client.newSession(this.directory).prompt("input-lines", (update) -> {
		});
		assertThat(lines.meta().get("lines").toString())
			.contains("\"method\":\"session/close\",\"params\":{\"sessionId\":\"" + closed.id() + "\"}");
	}

	@Test
	void anUnknownNotificationOfTheAgentIsIgnoredAndTheTurnGoesOn() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		List<String> texts = new CopyOnWriteArrayList<>();
		PromptResponse response = session.prompt("notify _unknown.org/ping", (update) -> texts.add(text(update)));
		assertThat(response.stopReason()).isEqualTo(StopReason.END_TURN);
		assertThat(texts).containsExactly("after _unknown.org/ping");
		assertThat(session.prompt("hello", (update) -> {
		}).stopReason()).isEqualTo(StopReason.END_TURN);
	}

	@Test
	void theClientWritesOnlyJsonRpcMessagesOnePerLineToTheAgentsInput() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		session.prompt("updates 3", (update) -> {
		});
		session.prompt("call session/request_permission {\"sessionId\":\"" + session.id()
				+ "\",\"toolCall\":{\"toolCallId\":\"t1\"},\"options\":["
				+ "{\"optionId\":\"no\",\"name\":\"Reject\",\"kind\":\"reject_once\"}]}", (u) -> {
				});
		session.cancel();
		PromptResponse response = session.prompt("input-lines", (update) -> {
		});
		List<?> lines = (List<?>) response.meta().get("lines");
		assertThat(lines).hasSizeGreaterThanOrEqualTo(6)
			.allSatisfy(
					(line) -> assertThat(((Map<?, ?>) line).get("message")).as(String.valueOf(line)).isEqualTo(true));
	}

	@Test
	void cancelAnswersThePermissionRequestsOfTheTurnCancelledWhileThePolicyStillDecides() throws Exception {
		CountDownLatch deciding = new CountDownLatch(1);
		CountDownLatch release = new CountDownLatch(1);
		AcpAgentClient client = client(AcpAgentClient.builder().permissionPolicy((request, session) -> {
			deciding.countDown();
			try {
				release.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			return new RequestPermissionResponse(new RequestPermissionOutcome.Selected("yes"));
		}));
		try {
			AcpAgentSession session = client.newSession(this.directory);
			CompletableFuture<PromptResponse> turn = session
				.promptAsync("call session/request_permission {\"sessionId\":\"" + session.id()
						+ "\",\"toolCall\":{\"toolCallId\":\"t1\"},\"options\":["
						+ "{\"optionId\":\"yes\",\"name\":\"Allow\",\"kind\":\"allow_once\"}]}", (u) -> {
						});
			assertThat(deciding.await(30, TimeUnit.SECONDS)).isTrue();
			session.cancel();
			assertThat(turn.get(30, TimeUnit.SECONDS).meta().get("result"))
				.isEqualTo(Map.of("outcome", Map.of("outcome", "cancelled")));
		}
		finally {
			release.countDown();
		}
	}

	@Test
	void cancelSendsSessionCancelAndTheTurnEndsCancelled() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		CompletableFuture<PromptResponse> turn = session.promptAsync("wait-for-cancel", (update) -> {
		});
		session.cancel();
		assertThat(turn.join().stopReason()).isEqualTo(StopReason.CANCELLED);
	}

	@Test
	void modesAndConfigOptionsFollowTheAgent() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		assertThat(session.modes().currentModeId()).isEqualTo("ask");
		session.setMode("code");
		assertThat(session.modes().currentModeId()).isEqualTo("code");
		assertThat(session.setConfigOption("model", "smart")).singleElement()
			.isInstanceOfSatisfying(SessionConfigOption.Select.class,
					(option) -> assertThat(option.currentValue()).isEqualTo("smart"));
		assertThat(session.configOptions()).hasSize(1);
	}

	@Test
	void aSecondTurnWhileOneRunsIsRefused() {
		AcpAgentSession session = client(Map.of()).newSession(this.directory);
		CompletableFuture<PromptResponse> turn = session.promptAsync("wait-for-cancel", (update) -> {
		});
		assertThatIllegalStateException().isThrownBy(() -> session.prompt("again", (update) -> {
		})).withMessageContaining("A prompt turn is running");
		session.cancel();
		turn.join();
	}

	@Test
	void aBuilderWithoutCommandOrUrlFails() {
		assertThatIllegalStateException().isThrownBy(() -> AcpAgentClient.builder().name("x").build())
			.withMessageContaining("needs a command to spawn or a url");
	}

	/**
	 * Allows every write and command the client serves, rejects permission requests.
	 */
	static final class AllowingPolicy implements AcpPermissionPolicy {

		@Override
		public RequestPermissionResponse decide(RequestPermissionRequest request, AcpAgentSession session) {
			return AcpPermissionPolicy.REJECT.decide(request, session);
		}

		@Override
		public boolean allowsWrite(WriteTextFileRequest request, AcpAgentSession session) {
			return true;
		}

		@Override
		public boolean allowsCommand(CreateTerminalRequest request, AcpAgentSession session) {
			return true;
		}

	}

	private static String quote(String value) {
		return "\"" + value.replace("\\", "\\\\") + "\"";
	}

}
