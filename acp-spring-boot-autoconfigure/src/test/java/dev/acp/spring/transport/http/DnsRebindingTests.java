package dev.acp.spring.transport.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * DNS rebinding: a page of {@code http://rebind.example:PORT} whose name the attacker
 * points at 127.0.0.1 is of the same origin as its requests' {@code Host}, so only the
 * {@code Host} itself tells it from a page of the agent. An agent bound to a loopback
 * address serves loopback host names only, on every method and on the WebSocket upgrade.
 * Real Tomcat on 127.0.0.1, raw HTTP/1.1 (clients of the JDK do not let a test set
 * {@code Host}).
 *
 * @author ACP Spring Boot Starter contributors
 */
class DnsRebindingTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(10);

	private static final String SECURITY = "org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration,"
			+ "org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration";

	private static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}";

	private ConfigurableApplicationContext context;

	private int port;

	@AfterEach
	void close() {
		if (this.context != null) {
			this.context.close();
		}
	}

	private void start(String... properties) {
		SpringApplication application = new SpringApplication(RebindingApplication.class);
		application.setWebApplicationType(WebApplicationType.SERVLET);
		application.setRegisterShutdownHook(false);
		List<String> args = new ArrayList<>(List.of("--acp.transport=websocket", "--server.address=127.0.0.1",
				"--server.port=0", "--spring.main.banner-mode=off", "--spring.autoconfigure.exclude=" + SECURITY));
		args.addAll(List.of(properties));
		this.context = application.run(args.toArray(String[]::new));
		this.port = ((WebServerApplicationContext) this.context).getWebServer().getPort();
	}

	private int openConnections() {
		return this.context.getBean(JsonRpcConnectionFactory.class).openConnections().size();
	}

	@Test
	void aReboundPageIsRefusedOnPostGetDeleteAndTheUpgradeAndOpensNothing() throws Exception {
		start();
		String host = "rebind.example:" + this.port;
		String origin = "Origin: http://rebind.example:" + this.port + "\r\n";
		Response initialize = exchange(post(host, origin, ""));
		assertThat(initialize.status()).isEqualTo(421);
		assertThat(initialize.head()).containsIgnoringCase("content-type: text/plain");
		assertThat(initialize.body()).isEqualTo("Host not allowed");
		assertThat(openConnections()).isZero();
		assertThat(exchange(upgrade(host, origin)).status()).isEqualTo(421);
		assertThat(openConnections()).isZero();

		// a connection of the agent's own page: the rebound one can neither read nor end
		// it
		String connectionId = exchange(post("127.0.0.1:" + this.port, "", "")).header("acp-connection-id");
		String connection = "Acp-Connection-Id: " + connectionId + "\r\n";
		assertThat(exchange(get(host, origin + connection)).status()).isEqualTo(421);
		assertThat(exchange(delete(host, origin + connection)).status()).isEqualTo(421);
		assertThat(exchange(post(host, origin + connection,
				"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"session/new\",\"params\":{\"cwd\":\"/tmp\",\"mcpServers\":[]}}"))
			.status()).isEqualTo(421);
		assertThat(openConnections()).isOne();
		assertThat(exchange(delete("127.0.0.1:" + this.port, connection)).status()).isEqualTo(202);
	}

	@Test
	void aForeignHostIsRefusedWithoutAnOriginToo() throws Exception {
		start();
		assertThat(exchange(post("rebind.example:" + this.port, "", "")).status()).isEqualTo(421);
		assertThat(exchange(post("rebind.example", "", "")).status()).isEqualTo(421);
		assertThat(exchange(post("127.0.0.1.rebind.example:" + this.port, "", "")).status()).isEqualTo(421);
		assertThat(exchange(post("localhost.rebind.example", "", "")).status()).isEqualTo(421);
		assertThat(exchange(upgrade("rebind.example:" + this.port, "")).status()).isEqualTo(421);
		assertThat(openConnections()).isZero();
	}

	@Test
	void loopbackHostNamesAreServedWithOrWithoutTheirOrigin() throws Exception {
		start();
		for (String host : List.of("127.0.0.1:" + this.port, "localhost:" + this.port, "LOCALHOST:" + this.port,
				"[::1]:" + this.port, "localhost")) {
			assertThat(exchange(post(host, "", "")).status()).as(host).isEqualTo(200);
			assertThat(exchange(upgrade(host, "")).status()).as(host).isEqualTo(101);
		}
		String ownOrigin = "Origin: http://127.0.0.1:" + this.port + "\r\n";
		assertThat(exchange(post("127.0.0.1:" + this.port, ownOrigin, "")).status()).isEqualTo(200);
		assertThat(exchange(upgrade("127.0.0.1:" + this.port, ownOrigin)).status()).isEqualTo(101);
	}

	@Test
	void allowedHostsAddNamesBesideTheLoopbackOnes() throws Exception {
		start("--acp.websocket.allowed-hosts=agent.internal");
		assertThat(exchange(post("agent.internal:" + this.port, "", "")).status()).isEqualTo(200);
		assertThat(exchange(upgrade("Agent.Internal", "")).status()).isEqualTo(101);
		assertThat(exchange(post("localhost:" + this.port, "", "")).status()).isEqualTo(200);
		assertThat(exchange(post("rebind.example:" + this.port, "", "")).status()).isEqualTo(421);
	}

	private static String post(String host, String headers, String body) {
		String json = body.isEmpty() ? INITIALIZE : body;
		int length = json.getBytes(StandardCharsets.UTF_8).length;
		return "POST /acp HTTP/1.1\r\nHost: " + host + "\r\n" + headers
				+ "Content-Type: application/json\r\nConnection: close\r\nContent-Length: " + length + "\r\n\r\n"
				+ json;
	}

	private static String get(String host, String headers) {
		return "GET /acp HTTP/1.1\r\nHost: " + host + "\r\n" + headers
				+ "Accept: text/event-stream\r\nConnection: close\r\n\r\n";
	}

	private static String delete(String host, String headers) {
		return "DELETE /acp HTTP/1.1\r\nHost: " + host + "\r\n" + headers + "Connection: close\r\n\r\n";
	}

	private static String upgrade(String host, String headers) {
		return "GET /acp HTTP/1.1\r\nHost: " + host + "\r\n" + headers
				+ "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
				+ "Sec-WebSocket-Version: 13\r\n\r\n";
	}

	/**
	 * Send one request and read the head of the answer and the body its
	 * {@code Content-Length} announces (none for 101 or an event stream).
	 */
	private Response exchange(String request) throws IOException {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.port)) {
			socket.setSoTimeout((int) TIMEOUT.toMillis());
			socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
			InputStream in = socket.getInputStream();
			String head = readHead(in);
			Response response = new Response(head, "");
			String length = response.header("content-length");
			if (length != null) {
				byte[] body = in.readNBytes(Integer.parseInt(length.trim()));
				response = new Response(head, new String(body, StandardCharsets.UTF_8));
			}
			return response;
		}
	}

	private static String readHead(InputStream in) throws IOException {
		ByteArrayOutputStream head = new ByteArrayOutputStream();
		int matched = 0;
		int b;
		while (matched < 4 && (b = in.read()) != -1) {
			head.write(b);
			matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : ((b == '\r') ? 1 : 0);
		}
		return head.toString(StandardCharsets.US_ASCII);
	}

	private record Response(String head, String body) {

		int status() {
			return Integer.parseInt(this.head.substring(9, 12));
		}

		String header(String name) {
			for (String line : this.head.split("\r\n")) {
				int colon = line.indexOf(':');
				if (colon > 0 && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals(name)) {
					return line.substring(colon + 1).trim();
				}
			}
			return null;
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	static class RebindingApplication {

	}

}
