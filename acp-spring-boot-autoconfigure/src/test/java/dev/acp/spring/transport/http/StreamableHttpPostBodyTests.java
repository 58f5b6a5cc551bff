package dev.acp.spring.transport.http;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.acp.spring.jsonrpc.JsonRpcCodec;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import dev.acp.spring.protocol.AcpJsonMapper;
import jakarta.servlet.ServletInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.DelegatingServletInputStream;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

/**
 * Tests of how {@link StreamableHttpHandler} reads a {@code POST} body: memory grows with
 * the bytes received, not with the declared length, and a request of an unknown
 * connection is answered before its body is read.
 *
 * @author ACP Spring Boot Starter contributors
 */
class StreamableHttpPostBodyTests {

	private static final int MAX_MESSAGE_SIZE = 16 * 1024 * 1024;

	private final StreamableHttpHandler handler = new StreamableHttpHandler(mock(JsonRpcConnectionFactory.class),
			new JsonRpcCodec(AcpJsonMapper.create()),
			new HttpTransportSettings(MAX_MESSAGE_SIZE, 10, 10, 1 << 20, 1 << 20, 1 << 30, Duration.ofSeconds(10),
					Duration.ofMinutes(5), Duration.ofSeconds(15), 4, Duration.ofSeconds(10), Duration.ofSeconds(10),
					List.of()),
			null);

	@AfterEach
	void shutdown() {
		this.handler.shutdown(Duration.ZERO);
	}

	@Test
	void aPostDeclaringALargeBodyAllocatesOnlyAsMuchAsArrives() throws Exception {
		List<Integer> allocations = new CopyOnWriteArrayList<>();
		this.handler.bodyAllocations(allocations::add);
		byte[] sent = "x".repeat(110).getBytes(StandardCharsets.UTF_8);
		MockHttpServletRequest request = post(sent, MAX_MESSAGE_SIZE);
		MockHttpServletResponse response = new MockHttpServletResponse();
		this.handler.handleRequest(request, response);
		assertThat(response.getStatus()).isEqualTo(400);
		assertThat(allocations).isNotEmpty().allSatisfy((size) -> assertThat(size).isLessThanOrEqualTo(16 * 1024));
	}

	@Test
	void aPostOfAnUnknownConnectionIsAnsweredWithoutReadingItsBody() throws Exception {
		byte[] sent = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"_x/y\"}".getBytes(StandardCharsets.UTF_8);
		ByteArrayInputStream source = new ByteArrayInputStream(sent);
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/acp") {

			@Override
			public ServletInputStream getInputStream() {
				return new DelegatingServletInputStream(source);
			}

		};
		request.setContentType("application/json");
		request.setContent(sent);
		request.addHeader(StreamableHttpHandler.CONNECTION_ID_HEADER, "unknown");
		MockHttpServletResponse response = new MockHttpServletResponse();
		this.handler.handleRequest(request, response);
		assertThat(response.getStatus()).isEqualTo(404);
		assertThat(source.available()).as("bytes of the body left unread").isEqualTo(sent.length);
	}

	private static MockHttpServletRequest post(byte[] sent, long declaredLength) {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/acp") {

			@Override
			public long getContentLengthLong() {
				return declaredLength;
			}

			@Override
			public int getContentLength() {
				return (int) declaredLength;
			}

		};
		request.setContentType("application/json");
		request.setContent(sent);
		return request;
	}

}
