package dev.acp.spring.transport.http;

import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.jsonrpc.JsonRpcMessage;
import dev.acp.spring.jsonrpc.MessageSink;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.transport.websocket.AllowedHosts;
import dev.acp.spring.transport.websocket.BearerToken;
import dev.acp.spring.transport.websocket.ConnectionSlots;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.argThat;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.then;
import static org.mockito.BDDMockito.willAnswer;
import static org.mockito.Mockito.mock;

/**
 * Tests of {@link StreamableHttpHandler}: host, origin and token checks before anything
 * else, the principal a connection is bound to, routing by method, and {@code DELETE}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class StreamableHttpHandlerTests {

	private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\"}";

	private final JsonRpcConnectionFactory factory = mock(JsonRpcConnectionFactory.class);

	private final SettingsBuilder settings = new SettingsBuilder();

	private final AtomicReference<JsonRpcConnection> rpc = new AtomicReference<>();

	private StreamableHttpHandler handler;

	StreamableHttpHandlerTests() {
		given(this.factory.open(anyString(), eq("http"), any())).willAnswer((invocation) -> {
			MessageSink sink = invocation.getArgument(2);
			JsonRpcConnection connection = mock(JsonRpcConnection.class);
			willAnswer((receive) -> {
				sink.send("{\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{}}".getBytes(StandardCharsets.UTF_8));
				return null;
			}).given(connection).receive(any(JsonRpcMessage.class));
			this.rpc.set(connection);
			return connection;
		});
	}

	private StreamableHttpHandler handler(BearerToken token, List<String> hosts) {
		this.handler = new StreamableHttpHandler(this.factory, new JsonRpcCodec(AcpJsonMapper.create()),
				this.settings.build(), token, new AllowedHosts(hosts));
		return this.handler;
	}

	@AfterEach
	void shutdown() {
		if (this.handler != null) {
			this.handler.shutdown(Duration.ZERO);
		}
	}

	private static MockHttpServletRequest initialize() {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/acp");
		request.setContentType("application/json");
		request.setContent(INITIALIZE.getBytes(StandardCharsets.UTF_8));
		return request;
	}

	private MockHttpServletResponse handle(MockHttpServletRequest request) throws Exception {
		MockHttpServletResponse response = new MockHttpServletResponse();
		this.handler.handleRequest(request, response);
		return response;
	}

	@Test
	void aPostOfInitializeOpensAConnection() throws Exception {
		handler(null, List.of());
		assertThat(this.handler.openConnections()).isZero();
		MockHttpServletResponse response = handle(initialize());
		assertThat(response.getStatus()).isEqualTo(200);
		assertThat(response.getHeader(StreamableHttpHandler.CONNECTION_ID_HEADER)).isNotBlank();
		assertThat(this.handler.openConnections()).isOne();
	}

	@Test
	void aRequestForAHostNotAllowedIsRefusedFirst() throws Exception {
		handler(new BearerToken("secret"), List.of("agent.example"));
		MockHttpServletRequest request = initialize();
		request.addHeader("Host", "rebound.example");
		request.addHeader("Origin", "http://elsewhere.example");
		MockHttpServletResponse response = handle(request);
		assertThat(response.getStatus()).isEqualTo(421);
		assertThat(response.getContentAsString()).isEqualTo("Host not allowed");
		MockHttpServletRequest allowed = initialize();
		allowed.addHeader("Host", "agent.example");
		allowed.addHeader("Authorization", "Bearer secret");
		assertThat(handle(allowed).getStatus()).isEqualTo(200);
	}

	@Test
	void aRequestFromAnotherOriginIsRefusedUnlessAllowed() throws Exception {
		handler(null, List.of());
		MockHttpServletRequest other = initialize();
		other.addHeader("Origin", "http://elsewhere.example");
		MockHttpServletResponse refused = handle(other);
		assertThat(refused.getStatus()).isEqualTo(403);
		assertThat(refused.getContentAsString()).isEqualTo("Origin not allowed");
		MockHttpServletRequest same = initialize();
		same.addHeader("Origin", "http://localhost");
		assertThat(handle(same).getStatus()).isEqualTo(200);
		this.handler.shutdown(Duration.ZERO);
		this.settings.allowedOrigins = List.of("http://*.example");
		handler(null, List.of());
		MockHttpServletRequest allowed = initialize();
		allowed.addHeader("Origin", "http://elsewhere.example");
		assertThat(handle(allowed).getStatus()).isEqualTo(200);
		MockHttpServletRequest notListed = initialize();
		notListed.addHeader("Origin", "http://elsewhere.test");
		assertThat(handle(notListed).getStatus()).isEqualTo(403);
	}

	@Test
	void withABearerTokenARequestWithoutItIsUnauthorized() throws Exception {
		handler(new BearerToken("secret"), List.of());
		MockHttpServletResponse missing = handle(initialize());
		assertThat(missing.getStatus()).isEqualTo(401);
		assertThat(missing.getHeader("WWW-Authenticate")).isEqualTo("Bearer");
		assertThat(missing.getContentAsString()).isEqualTo("Unauthorized");
		MockHttpServletRequest wrong = initialize();
		wrong.addHeader("Authorization", "Bearer guess");
		assertThat(handle(wrong).getStatus()).isEqualTo(401);
		assertThat(this.handler.openConnections()).isZero();
	}

	@Test
	void theTokensPrincipalOwnsTheConnectionUnlessTheServerAuthenticatedOne() throws Exception {
		handler(new BearerToken("secret"), List.of());
		MockHttpServletRequest bearer = initialize();
		bearer.addHeader("Authorization", "Bearer secret");
		String id = handle(bearer).getHeader(StreamableHttpHandler.CONNECTION_ID_HEADER);
		then(this.rpc.get()).should().setPrincipal(argThat((Principal p) -> p.getName().equals("bearer")));
		MockHttpServletRequest delete = new MockHttpServletRequest("DELETE", "/acp");
		delete.addHeader("Authorization", "Bearer secret");
		delete.addHeader(StreamableHttpHandler.CONNECTION_ID_HEADER, id);
		assertThat(handle(delete).getStatus()).isEqualTo(202);
		MockHttpServletRequest user = initialize();
		user.addHeader("Authorization", "Bearer secret");
		user.setUserPrincipal(() -> "alice");
		String alices = handle(user).getHeader(StreamableHttpHandler.CONNECTION_ID_HEADER);
		then(this.rpc.get()).should().setPrincipal(argThat((Principal p) -> p.getName().equals("alice")));
		MockHttpServletRequest asBearer = new MockHttpServletRequest("DELETE", "/acp");
		asBearer.addHeader("Authorization", "Bearer secret");
		asBearer.addHeader(StreamableHttpHandler.CONNECTION_ID_HEADER, alices);
		assertThat(handle(asBearer).getStatus()).as("another principal's connection").isEqualTo(404);
	}

	@Test
	void deleteEndsTheConnection() throws Exception {
		handler(null, List.of());
		String id = handle(initialize()).getHeader(StreamableHttpHandler.CONNECTION_ID_HEADER);
		MockHttpServletRequest delete = new MockHttpServletRequest("DELETE", "/acp");
		delete.addHeader(StreamableHttpHandler.CONNECTION_ID_HEADER, id);
		MockHttpServletResponse response = handle(delete);
		assertThat(response.getStatus()).isEqualTo(202);
		assertThat(this.handler.openConnections()).isZero();
		assertThat(handle(delete).getStatus()).as("ended already").isEqualTo(404);
	}

	@Test
	void deleteNeedsAConnectionId() throws Exception {
		handler(null, List.of());
		MockHttpServletResponse response = handle(new MockHttpServletRequest("DELETE", "/acp"));
		assertThat(response.getStatus()).isEqualTo(400);
		assertThat(response.getContentAsString()).isEqualTo("Missing Acp-Connection-Id");
	}

	@Test
	void aGetIsServedAsAnEventStreamRequest() throws Exception {
		handler(null, List.of());
		MockHttpServletResponse response = handle(new MockHttpServletRequest("GET", "/acp"));
		assertThat(response.getStatus()).isEqualTo(400);
		assertThat(response.getContentAsString()).isEqualTo("Missing Acp-Connection-Id (or Upgrade: websocket)");
	}

	@Test
	void otherMethodsAreNotAllowed() throws Exception {
		handler(null, List.of());
		MockHttpServletResponse response = handle(new MockHttpServletRequest("PUT", "/acp"));
		assertThat(response.getStatus()).isEqualTo(405);
		assertThat(response.getHeader("Allow")).isEqualTo("GET, POST, DELETE");
		assertThat(response.getContentAsString()).isEqualTo("Method not allowed");
	}

	@Test
	void connectionsCountAgainstTheSlotsTheyShare() throws Exception {
		handler(null, List.of());
		ConnectionSlots slots = new ConnectionSlots(1);
		this.handler.setConnectionSlots(slots);
		assertThat(handle(initialize()).getStatus()).isEqualTo(200);
		assertThat(slots.taken()).isOne();
		assertThat(handle(initialize()).getStatus()).isEqualTo(503);
	}

	@Test
	void afterTheShutdownNoConnectionIsAccepted() throws Exception {
		this.handler = new StreamableHttpHandler(this.factory, new JsonRpcCodec(AcpJsonMapper.create()),
				this.settings.build(), null);
		assertThat(this.handler.isAccepting()).isTrue();
		this.handler.shutdown(Duration.ZERO);
		assertThat(this.handler.isAccepting()).isFalse();
		assertThat(handle(initialize()).getStatus()).isEqualTo(503);
	}

}
