package dev.acp.spring.client;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

import dev.acp.spring.jsonrpc.InboundRequest;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.protocol.CreateTerminalRequest;
import dev.acp.spring.protocol.CreateTerminalResponse;
import dev.acp.spring.protocol.KillTerminalRequest;
import dev.acp.spring.protocol.ReleaseTerminalRequest;
import dev.acp.spring.protocol.RequestPermissionOutcome;
import dev.acp.spring.protocol.RequestPermissionRequest;
import dev.acp.spring.protocol.RequestPermissionResponse;
import dev.acp.spring.protocol.TerminalOutputRequest;
import dev.acp.spring.protocol.WaitForTerminalExitRequest;
import dev.acp.spring.protocol.WriteTextFileRequest;
import dev.acp.spring.protocol.WriteTextFileResponse;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoInteractions;

/**
 * Tests of the permission gate of {@link ClientHandler}: what an agent calls on this
 * client runs only when the policy allows it, and only for a session of this client.
 *
 * @author ACP Spring Boot Starter contributors
 */
class ClientHandlerPermissionTests {

	private static final String WRITE = "{\"sessionId\":\"s\",\"path\":\"/w/a.txt\",\"content\":\"x\"}";

	private static final String COMMAND = "{\"sessionId\":\"s\",\"command\":\"rm\",\"args\":[\"-rf\",\"/\"]}";

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final AgentConnection connection = mock(AgentConnection.class);

	private final DefaultAcpAgentSession session = mock(DefaultAcpAgentSession.class);

	private final AcpPermissionPolicy policy = mock(AcpPermissionPolicy.class);

	private final AcpClientFileSystem fileSystem = mock(AcpClientFileSystem.class);

	private final AcpClientTerminals terminals = mock(AcpClientTerminals.class);

	/** The client's executor, on which the permission policy decides. */
	private final ExecutorService executor = Executors.newSingleThreadExecutor();

	@BeforeEach
	void aVersionOneAgentWithOneSession() {
		given(this.connection.mapper()).willReturn(this.mapper);
		given(this.connection.protocolVersion()).willReturn(1);
		given(this.connection.terminals()).willReturn(this.terminals);
		given(this.connection.session("s")).willReturn(this.session);
		DefaultAcpAgentClient client = mock(DefaultAcpAgentClient.class);
		given(client.executor()).willReturn(this.executor);
		given(this.connection.client()).willReturn(client);
		given(this.session.permission(any(), any())).willAnswer((invocation) -> CompletableFuture
			.supplyAsync(invocation.<Supplier<RequestPermissionResponse>>getArgument(0), invocation.getArgument(1)));
	}

	@AfterEach
	void stopTheClientsExecutor() {
		this.executor.shutdownNow();
	}

	private ClientHandler handler(boolean fileWrites) {
		return new ClientHandler(this.connection, new ClientServices(this.policy, this.fileSystem, fileWrites,
				() -> this.terminals, AcpClientExtensions.NONE));
	}

	private CompletionStage<?> call(ClientHandler handler, String method, String params) {
		InboundRequest request = mock(InboundRequest.class);
		given(request.method()).willReturn(method);
		given(request.params()).willReturn(this.mapper.readTree(params));
		given(request.id()).willReturn(this.mapper.getNodeFactory().numberNode(1));
		return handler.handleRequest(request);
	}

	private static JsonRpcException failure(CompletionStage<?> answer) {
		ExecutionException failed = org.assertj.core.api.Assertions.catchThrowableOfType(ExecutionException.class,
				() -> answer.toCompletableFuture().get());
		assertThat(failed).as("the call failed").isNotNull();
		assertThat(failed.getCause()).isInstanceOf(JsonRpcException.class);
		return (JsonRpcException) failed.getCause();
	}

	@Test
	void aWriteThePolicyRefusesIsInvalidParamsAndTheFileSystemIsNotAsked() {
		JsonRpcException refused = failure(call(handler(true), "fs/write_text_file", WRITE));
		assertThat(refused.getError().code()).isEqualTo(-32602);
		assertThat(refused.getError().data().toString()).contains("refused by the client's permission policy");
		verify(this.policy).allowsWrite(any(WriteTextFileRequest.class), eq(this.session));
		verifyNoInteractions(this.fileSystem);
	}

	@Test
	void aWriteThePolicyAllowsIsHandedToTheFileSystem() throws Exception {
		WriteTextFileResponse written = new WriteTextFileResponse(null, null);
		given(this.policy.allowsWrite(any(), any())).willReturn(true);
		given(this.fileSystem.writeTextFile(any(), any())).willReturn(written);
		assertThat(call(handler(true), "fs/write_text_file", WRITE).toCompletableFuture().get()).isSameAs(written);
		verify(this.fileSystem).writeTextFile(any(WriteTextFileRequest.class), eq(this.session));
	}

	@Test
	void aClientServingNoWritesAnswersAWriteMethodNotFoundWithoutAskingThePolicy() {
		assertThat(failure(call(handler(false), "fs/write_text_file", WRITE)).getError().code()).isEqualTo(-32601);
		verifyNoInteractions(this.policy, this.fileSystem);
	}

	@Test
	void aCommandThePolicyRefusesIsInvalidParamsAndNoTerminalStarts() {
		JsonRpcException refused = failure(call(handler(true), "terminal/create", COMMAND));
		assertThat(refused.getError().code()).isEqualTo(-32602);
		assertThat(refused.getError().data().toString()).contains("command");
		verify(this.policy).allowsCommand(any(CreateTerminalRequest.class), eq(this.session));
		verifyNoInteractions(this.terminals);
	}

	@Test
	void aCommandThePolicyAllowsStartsATerminal() throws Exception {
		CreateTerminalResponse created = new CreateTerminalResponse("terminal-1", null, null);
		given(this.policy.allowsCommand(any(), any())).willReturn(true);
		given(this.terminals.create(any(), any())).willReturn(created);
		assertThat(call(handler(true), "terminal/create", COMMAND).toCompletableFuture().get()).isSameAs(created);
		verify(this.terminals).create(any(CreateTerminalRequest.class), eq(this.session));
	}

	@Test
	void aPermissionRequestIsAnsweredWithThePolicysDecision() throws Exception {
		RequestPermissionResponse decision = new RequestPermissionResponse(
				new RequestPermissionOutcome.Selected("allow"));
		given(this.policy.decide(any(), any())).willReturn(decision);
		Object answer = call(handler(true), "session/request_permission",
				"{\"sessionId\":\"s\",\"toolCall\":{\"toolCallId\":\"t1\"},"
						+ "\"options\":[{\"optionId\":\"allow\",\"name\":\"Allow\",\"kind\":\"allow_once\"}]}")
			.toCompletableFuture()
			.get();
		assertThat(answer).isSameAs(decision);
		verify(this.policy).decide(any(RequestPermissionRequest.class), eq(this.session));
	}

	@Test
	void aCallForASessionThisClientDoesNotHaveIsInvalidParamsAndThePolicyIsNotAsked() {
		String write = WRITE.replace("\"s\"", "\"other\"");
		JsonRpcException refused = failure(call(handler(true), "fs/write_text_file", write));
		assertThat(refused.getError().code()).isEqualTo(-32602);
		assertThat(refused.getError().data().toString()).contains("sessionId");
		assertThat(failure(call(handler(true), "terminal/create", COMMAND.replace("\"s\"", "\"other\""))).getError()
			.code()).isEqualTo(-32602);
		verifyNoInteractions(this.policy, this.fileSystem, this.terminals);
	}

	@Test
	void aVersionTwoAgentCanCallNeitherFilesNorTerminals() {
		given(this.connection.protocolVersion()).willReturn(2);
		assertThat(failure(call(handler(true), "fs/write_text_file", WRITE)).getError().code()).isEqualTo(-32601);
		assertThat(failure(call(handler(true), "terminal/create", COMMAND)).getError().code()).isEqualTo(-32601);
		verify(this.policy, never()).allowsWrite(any(), any());
		verifyNoInteractions(this.fileSystem, this.terminals);
	}

	@Test
	void paramsThatAreNotAnObjectAreInvalidParams() {
		assertThat(failure(call(handler(true), "fs/write_text_file", "[1]")).getError().code()).isEqualTo(-32602);
		verifyNoInteractions(this.policy, this.fileSystem);
	}

	@Test
	void terminalCallsAreServedOnlyForASessionOfThisClient() throws Exception {
		ClientHandler handler = handler(true);
		String terminal = "{\"sessionId\":\"s\",\"terminalId\":\"terminal-1\"}";
		String elsewhere = terminal.replace("\"s\"", "\"other\"");
		for (String method : new String[] { "terminal/output", "terminal/wait_for_exit", "terminal/kill",
				"terminal/release" }) {
			assertThat(failure(call(handler, method, elsewhere)).getError().code()).as(method).isEqualTo(-32602);
		}
		verifyNoInteractions(this.terminals);
		call(handler, "terminal/output", terminal).toCompletableFuture().get();
		call(handler, "terminal/wait_for_exit", terminal).toCompletableFuture().get();
		call(handler, "terminal/kill", terminal).toCompletableFuture().get();
		call(handler, "terminal/release", terminal).toCompletableFuture().get();
		verify(this.terminals).output(any(TerminalOutputRequest.class));
		verify(this.terminals).waitForExit(any(WaitForTerminalExitRequest.class));
		verify(this.terminals).kill(any(KillTerminalRequest.class));
		verify(this.terminals).release(any(ReleaseTerminalRequest.class));
	}

	@Test
	void aClientServingNoFileSystemAndNoTerminalsAnswersTheirMethodsMethodNotFound() {
		given(this.connection.terminals()).willReturn(null);
		ClientHandler handler = new ClientHandler(this.connection,
				new ClientServices(this.policy, null, true, null, AcpClientExtensions.NONE));
		assertThat(failure(call(handler, "fs/write_text_file", WRITE)).getError().code()).isEqualTo(-32601);
		assertThat(failure(call(handler, "fs/read_text_file", "{\"sessionId\":\"s\",\"path\":\"/w/a.txt\"}")).getError()
			.code()).isEqualTo(-32601);
		assertThat(failure(call(handler, "terminal/create", COMMAND)).getError().code()).isEqualTo(-32601);
		verifyNoInteractions(this.policy);
	}

	@Test
	void aRequestWithoutParamsIsInvalidParams() {
		InboundRequest request = mock(InboundRequest.class);
		given(request.method()).willReturn("terminal/create");
		assertThat(failure(handler(true).handleRequest(request)).getError().code()).isEqualTo(-32602);
		verifyNoInteractions(this.policy, this.terminals);
	}

}
