package dev.acp.spring.transport.http;

import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicReference;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.jsonrpc.JsonRpcMessage;
import dev.acp.spring.jsonrpc.JsonRpcNotification;
import dev.acp.spring.jsonrpc.JsonRpcRequest;
import dev.acp.spring.jsonrpc.JsonRpcResponse;
import dev.acp.spring.jsonrpc.MessageSink;
import dev.acp.spring.protocol.AcpJsonMapper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.mockito.BDDMockito.willAnswer;
import static org.mockito.Mockito.mock;

/**
 * Tests of {@link MessagePosts}: the status of each kind of {@code POST}, the checks of
 * {@code Acp-Session-Id}, and where the answer of a POSTed request goes.
 *
 * @author ACP Spring Boot Starter contributors
 */
class MessagePostsTests {

	private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{}}";

	private static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":1}}";

	private final JsonRpcCodec codec = new JsonRpcCodec(AcpJsonMapper.create());

	private final JsonRpcConnectionFactory factory = mock(JsonRpcConnectionFactory.class);

	private final ManualExecutor closers = new ManualExecutor();

	private final SettingsBuilder settings = new SettingsBuilder();

	private final List<JsonRpcMessage> received = new ArrayList<>();

	private final AtomicReference<MessageSink> sink = new AtomicReference<>();

	private final AtomicReference<String> answer = new AtomicReference<>(INITIALIZED);

	private HttpConnections connections;

	private MessagePosts posts;

	MessagePostsTests() {
		given(this.factory.open(anyString(), eq("http"), any())).willAnswer((invocation) -> {
			this.sink.set(invocation.getArgument(2));
			JsonRpcConnection rpc = mock(JsonRpcConnection.class);
			willAnswer((receive) -> {
				JsonRpcMessage message = receive.getArgument(0);
				this.received.add(message);
				if (message instanceof JsonRpcRequest request && request.method().equals("initialize")
						&& this.answer.get() != null) {
					this.sink.get().send(this.answer.get().getBytes(StandardCharsets.UTF_8));
				}
				return null;
			}).given(rpc).receive(any(JsonRpcMessage.class));
			return rpc;
		});
		build();
	}

	private void build() {
		ScheduledExecutorService timer = mock(ScheduledExecutorService.class);
		this.connections = new HttpConnections(this.factory, this.settings.build(), timer, this.closers,
				new ManualExecutor(), System::nanoTime);
		this.posts = new MessagePosts(this.codec, this.settings.build(), this.connections);
	}

	@AfterEach
	void clearInterrupt() {
		Thread.interrupted();
	}

	private MockHttpServletResponse post(String body, String... headers) throws Exception {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/acp");
		request.setContentType("application/json");
		request.setContent(body.getBytes(StandardCharsets.UTF_8));
		for (int i = 0; i < headers.length; i += 2) {
			request.addHeader(headers[i], headers[i + 1]);
		}
		return post(request, null);
	}

	private MockHttpServletResponse post(MockHttpServletRequest request, String principalName) throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();
		Principal principal = (principalName != null) ? () -> principalName : null;
		this.posts.post(request, response, principal, principalName);
		return response;
	}

	private HttpConnection open() throws Exception {
		MockHttpServletResponse response = post(INITIALIZE);
		assertThat(response.getStatus()).isEqualTo(200);
		this.received.clear();
		return this.connections.find(response.getHeader(StreamableHttpHandler.CONNECTION_ID_HEADER), null);
	}

	private MockHttpServletResponse postOn(HttpConnection connection, String body, String... headers) throws Exception {
		List<String> all = new ArrayList<>(List.of(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id()));
		all.addAll(List.of(headers));
		return post(body, all.toArray(String[]::new));
	}

	@Test
	void initializeWithoutConnectionIdOpensOneAndIsAnsweredInTheBody() throws Exception {
		MockHttpServletResponse response = post(INITIALIZE);
		assertThat(response.getStatus()).isEqualTo(200);
		assertThat(response.getContentType()).isEqualTo("application/json");
		assertThat(response.getContentAsString()).isEqualTo(INITIALIZED);
		assertThat(response.getContentLength()).isEqualTo(INITIALIZED.length());
		String id = response.getHeader(StreamableHttpHandler.CONNECTION_ID_HEADER);
		HttpConnection connection = this.connections.find(id, null);
		assertThat(connection).isNotNull();
		assertThat(this.received).singleElement()
			.isInstanceOfSatisfying(JsonRpcRequest.class,
					(request) -> assertThat(request.method()).isEqualTo("initialize"));
		assertThat(connection.connectionStream().hasQueued()).as("the answer went to the body only").isFalse();
	}

	@Test
	void initializeWithAStringIdIsAnsweredByTheAnswerOfThatId() throws Exception {
		this.answer.set("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"result\":{}}");
		MockHttpServletResponse response = post("{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\"}");
		assertThat(response.getStatus()).isEqualTo(200);
		assertThat(response.getContentAsString()).isEqualTo(this.answer.get());
	}

	@Test
	void theConnectionIsBoundToThePrincipalThatOpenedIt() throws Exception {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/acp");
		request.setContentType("application/json");
		request.setContent(INITIALIZE.getBytes(StandardCharsets.UTF_8));
		MockHttpServletResponse response = post(request, "alice");
		String id = response.getHeader(StreamableHttpHandler.CONNECTION_ID_HEADER);
		assertThat(this.connections.find(id, "alice")).isNotNull();
		assertThat(this.connections.find(id, null)).isNull();
		then(this.connections.find(id, "alice").connection()).should().setPrincipal(any(Principal.class));
	}

	@Test
	void initializeWithoutAnAnswerInTimeIsRefusedAndItsConnectionEnded() throws Exception {
		this.settings.initializeTimeout = Duration.ZERO;
		build();
		this.answer.set(null);
		MockHttpServletResponse response = post(INITIALIZE);
		assertThat(response.getStatus()).isEqualTo(503);
		assertThat(response.getContentAsString()).isEqualTo("The connection could not be initialized");
		assertThat(response.getHeader(StreamableHttpHandler.CONNECTION_ID_HEADER)).isNull();
		assertThat(this.connections.size()).isZero();
		assertThat(this.closers.pending()).isOne();
	}

	@Test
	void initializeInterruptedWhileWaitingIsRefusedAndTheInterruptKept() throws Exception {
		this.answer.set(null);
		Thread.currentThread().interrupt();
		MockHttpServletResponse response = post(INITIALIZE);
		assertThat(response.getStatus()).isEqualTo(503);
		assertThat(Thread.currentThread().isInterrupted()).isTrue();
		assertThat(this.connections.size()).isZero();
	}

	@Test
	void initializeOfAConnectionEndedBeforeItsAnswerIsRefused() throws Exception {
		this.answer.set(null);
		JsonRpcConnection rpc = mockRpc();
		willAnswer((receive) -> {
			// the connection's streams finish (its JSON-RPC connection closed) before it
			// answers
			((HttpConnection) this.sink.get()).finishStreams();
			return null;
		}).given(rpc).receive(any(JsonRpcMessage.class));
		MockHttpServletResponse response = post(INITIALIZE);
		assertThat(response.getStatus()).isEqualTo(503);
	}

	private JsonRpcConnection mockRpc() {
		JsonRpcConnection rpc = mock(JsonRpcConnection.class);
		given(this.factory.open(anyString(), eq("http"), any())).willAnswer((invocation) -> {
			this.sink.set(invocation.getArgument(2));
			return rpc;
		});
		return rpc;
	}

	@Test
	void initializeThatIsNoValidRequestIsAnsweredWithItsErrorAndItsConnectionEnded() throws Exception {
		MockHttpServletResponse response = post("{\"jsonrpc\":\"1.0\",\"id\":3,\"method\":\"initialize\"}");
		assertThat(response.getStatus()).isEqualTo(400);
		assertThat(response.getContentType()).isEqualTo("application/json");
		assertThat(response.getContentAsString()).contains("\"id\":3").contains("-32600");
		assertThat(this.connections.size()).isZero();
		assertThat(this.received).isEmpty();
	}

	@Test
	void initializeWithoutAFreeSlotIsRefused() throws Exception {
		this.settings.maxConnections = 0;
		build();
		MockHttpServletResponse response = post(INITIALIZE);
		assertThat(response.getStatus()).isEqualTo(503);
		assertThat(response.getContentAsString()).isEqualTo("No more connections are accepted");
	}

	@Test
	void aMessageThatIsNoInitializeRequestNeedsAConnectionId() throws Exception {
		for (String body : List.of("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\"}",
				"{\"jsonrpc\":\"2.0\",\"method\":\"initialize\"}", "\"initialize\"", "null")) {
			MockHttpServletResponse response = post(body);
			assertThat(response.getStatus()).as(body).isEqualTo(400);
			assertThat(response.getContentAsString()).isEqualTo("Missing Acp-Connection-Id");
		}
		assertThat(this.connections.size()).isZero();
	}

	@Test
	void onlyJsonIsAccepted() throws Exception {
		for (String type : List.of("application/json", "APPLICATION/JSON", "application/json;charset=UTF-8")) {
			MockHttpServletRequest request = new MockHttpServletRequest("POST", "/acp");
			request.setContentType(type);
			request.setContent(INITIALIZE.getBytes(StandardCharsets.UTF_8));
			assertThat(post(request, null).getStatus()).as(type).isEqualTo(200);
		}
		for (String type : new String[] { null, "text/plain", "application/problem+json", "not a type" }) {
			MockHttpServletRequest request = new MockHttpServletRequest("POST", "/acp");
			if (type != null) {
				request.addHeader("Content-Type", type);
			}
			request.setContent(INITIALIZE.getBytes(StandardCharsets.UTF_8));
			MockHttpServletResponse response = post(request, null);
			assertThat(response.getStatus()).as(type).isEqualTo(415);
			assertThat(response.getContentAsString()).isEqualTo("Content-Type must be application/json");
		}
	}

	@Test
	void aBodyPastTheMaximumSizeIsRefused() throws Exception {
		this.settings.maxMessageSize = INITIALIZE.length();
		build();
		assertThat(post(INITIALIZE).getStatus()).as("exactly the maximum").isEqualTo(200);
		this.settings.maxMessageSize = INITIALIZE.length() - 1;
		build();
		MockHttpServletResponse response = post(INITIALIZE);
		assertThat(response.getStatus()).isEqualTo(413);
		assertThat(response.getContentAsString())
			.isEqualTo("Message exceeds the maximum size of " + (INITIALIZE.length() - 1) + " bytes");
	}

	@Test
	void invalidJsonIsAParseError() throws Exception {
		MockHttpServletResponse response = post("{\"jsonrpc\":");
		assertThat(response.getStatus()).isEqualTo(400);
		assertThat(response.getContentAsString()).contains("-32700").contains("\"id\":null");
	}

	@Test
	void aBatchIsNotImplemented() throws Exception {
		MockHttpServletResponse response = post("[" + INITIALIZE + "]");
		assertThat(response.getStatus()).isEqualTo(501);
		assertThat(response.getContentAsString()).contains("-32600").contains("Batches are not supported");
	}

	@Test
	void aMessageOfAConnectionIsAcceptedAndReceivedInOrder() throws Exception {
		HttpConnection connection = open();
		MockHttpServletResponse first = postOn(connection, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\"}");
		MockHttpServletResponse second = postOn(connection, "{\"jsonrpc\":\"2.0\",\"method\":\"_x/ping\"}");
		MockHttpServletResponse third = postOn(connection, "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}");
		assertThat(first.getStatus()).isEqualTo(202);
		assertThat(second.getStatus()).isEqualTo(202);
		assertThat(third.getStatus()).isEqualTo(202);
		assertThat(first.getContentAsByteArray()).isEmpty();
		assertThat(this.received).hasSize(3);
		assertThat(this.received.get(0)).isInstanceOf(JsonRpcRequest.class);
		assertThat(this.received.get(1)).isInstanceOf(JsonRpcNotification.class);
		assertThat(this.received.get(2)).isInstanceOf(JsonRpcResponse.class);
	}

	@Test
	void aPostKeepsItsConnectionFromIdling() throws Exception {
		this.settings.idleTimeout = Duration.ofSeconds(60);
		build();
		HttpConnection connection = open();
		long later = System.nanoTime() + Duration.ofSeconds(61).toNanos();
		assertThat(connection.isIdle(later)).isTrue();
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/acp");
		request.setContentType("application/json");
		request.setContent("{\"jsonrpc\":\"2.0\",\"method\":\"_x/ping\"}".getBytes(StandardCharsets.UTF_8));
		request.addHeader(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id());
		long before = System.nanoTime();
		post(request, null);
		assertThat(connection.isIdle(before + Duration.ofSeconds(60).toNanos())).isFalse();
	}

	@Test
	void anInvalidRequestIsAnsweredWithItsErrorAndAnInvalidNotificationAccepted() throws Exception {
		HttpConnection connection = open();
		MockHttpServletResponse request = postOn(connection, "{\"jsonrpc\":\"1.0\",\"id\":5,\"method\":\"x\"}");
		assertThat(request.getStatus()).isEqualTo(400);
		assertThat(request.getContentAsString()).contains("\"id\":5").contains("-32600");
		MockHttpServletResponse notification = postOn(connection,
				"{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":1}");
		assertThat(notification.getStatus()).isEqualTo(202);
		assertThat(notification.getContentAsByteArray()).isEmpty();
		assertThat(this.received).isEmpty();
	}

	@Test
	void aSessionMethodNeedsTheSessionHeader() throws Exception {
		HttpConnection connection = open();
		for (String method : List.of("session/cancel", "session/close", "session/delete", "session/fork",
				"session/load", "session/prompt", "session/resume", "session/set_config_option", "session/set_mode",
				"session/set_model")) {
			MockHttpServletResponse response = postOn(connection,
					"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":{}}");
			assertThat(response.getStatus()).as(method).isEqualTo(400);
			assertThat(response.getContentAsString()).isEqualTo("Missing Acp-Session-Id");
		}
		MockHttpServletResponse notification = postOn(connection,
				"{\"jsonrpc\":\"2.0\",\"method\":\"session/cancel\"}");
		assertThat(notification.getStatus()).isEqualTo(400);
		assertThat(this.received).isEmpty();
	}

	@Test
	void aMessageForASessionNeedsTheSessionHeaderAndItMustMatch() throws Exception {
		HttpConnection connection = open();
		String body = "{\"jsonrpc\":\"2.0\",\"method\":\"_x/n\",\"params\":{\"sessionId\":\"sess_1\"}}";
		assertThat(postOn(connection, body).getStatus()).isEqualTo(400);
		MockHttpServletResponse other = postOn(connection, body, StreamableHttpHandler.SESSION_ID_HEADER, "sess_2");
		assertThat(other.getStatus()).isEqualTo(400);
		assertThat(other.getContentAsString()).isEqualTo("Acp-Session-Id does not match params.sessionId");
		assertThat(this.received).isEmpty();
		assertThat(postOn(connection, body, StreamableHttpHandler.SESSION_ID_HEADER, "sess_1").getStatus())
			.isEqualTo(202);
		assertThat(this.received).hasSize(1);
	}

	@Test
	void aSessionIdThatIsNoStringOrParamsThatAreNoObjectNeedNoHeader() throws Exception {
		HttpConnection connection = open();
		assertThat(postOn(connection, "{\"jsonrpc\":\"2.0\",\"method\":\"_x/n\",\"params\":{\"sessionId\":7}}")
			.getStatus()).isEqualTo(202);
		assertThat(postOn(connection, "{\"jsonrpc\":\"2.0\",\"method\":\"_x/n\",\"params\":[\"sess_1\"]}").getStatus())
			.isEqualTo(202);
		assertThat(postOn(connection, "{\"jsonrpc\":\"2.0\",\"method\":\"_x/n\"}",
				StreamableHttpHandler.SESSION_ID_HEADER, "sess_1")
			.getStatus()).as("a header without params.sessionId").isEqualTo(202);
		assertThat(this.received).hasSize(3);
	}

	@Test
	void theAnswerToARequestPostedWithASessionGoesToThatSessionsStream() throws Exception {
		HttpConnection connection = open();
		EventStream session = connection.sessionStream("sess_1");
		FakeOutput output = new FakeOutput();
		output.ready = false;
		assertThat(session.attach(output.context, () -> {
		})).isTrue();
		postOn(connection, "{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"method\":\"session/prompt\",\"params\":{}}",
				StreamableHttpHandler.SESSION_ID_HEADER, "sess_1");
		connection.send("{\"jsonrpc\":\"2.0\",\"id\":\"p\",\"result\":{}}".getBytes(StandardCharsets.UTF_8));
		assertThat(session.hasQueued()).isTrue();
		assertThat(connection.connectionStream().hasQueued()).isFalse();
	}

	@Test
	void theAnswerToSessionLoadGoesToTheConnectionsStream() throws Exception {
		HttpConnection connection = open();
		EventStream session = connection.sessionStream("sess_1");
		FakeOutput output = new FakeOutput();
		output.ready = false;
		assertThat(session.attach(output.context, () -> {
		})).isTrue();
		postOn(connection, "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"session/load\",\"params\":{}}",
				StreamableHttpHandler.SESSION_ID_HEADER, "sess_1");
		connection.send("{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":{}}".getBytes(StandardCharsets.UTF_8));
		assertThat(session.hasQueued()).isFalse();
		assertThat(connection.connectionStream().hasQueued()).isTrue();
	}

	@Test
	void aPostOfAnotherPrincipalsConnectionIsNotFound() throws Exception {
		HttpConnection connection = open();
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/acp");
		request.setContentType("application/json");
		request.setContent("{\"jsonrpc\":\"2.0\",\"method\":\"_x/n\"}".getBytes(StandardCharsets.UTF_8));
		request.addHeader(StreamableHttpHandler.CONNECTION_ID_HEADER, connection.id());
		MockHttpServletResponse response = post(request, "mallory");
		assertThat(response.getStatus()).isEqualTo(404);
		assertThat(response.getContentAsString()).isEqualTo("Unknown Acp-Connection-Id");
		assertThat(response.getContentType()).isEqualTo("text/plain;charset=UTF-8");
		assertThat(this.received).isEmpty();
	}

}
