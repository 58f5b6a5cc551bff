package dev.acp.spring.inspector.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The inspector bridge running for the scripted agent on the TypeScript SDK
 * ({@code src/test/node/agent.mjs}).
 */
final class TestBridge implements AutoCloseable {

	static final Path AGENT = Path.of("src/test/node/agent.mjs").toAbsolutePath();

	final ConfigurableApplicationContext context;

	final int port;

	final String token;

	private TestBridge(ConfigurableApplicationContext context) {
		this.context = context;
		this.port = ((WebServerApplicationContext) context).getWebServer().getPort();
		this.token = context.getBean(InspectorToken.class).value();
	}

	static TestBridge start(String... options) {
		return new TestBridge(
				AcpInspectorApplication.run(new AgentCommand(List.of(options), List.of("node", AGENT.toString()))));
	}

	TestPage page() {
		return TestPage.connect(this.port, this.token);
	}

	/**
	 * A page connected, the connection initialized and a session created in a directory.
	 * @return the page and the session id
	 */
	String newSession(TestPage page, Path cwd) {
		return page.call("session/new", "{\"cwd\":\"" + cwd + "\",\"mcpServers\":[]}")
			.path("result")
			.path("sessionId")
			.asString();
	}

	HttpResponse<String> get(String path, String authorization) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path));
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		return send(request.GET().build());
	}

	HttpResponse<String> post(String path, String json) {
		return send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.header("Authorization", "Bearer " + this.token)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json))
			.build());
	}

	private static HttpResponse<String> send(HttpRequest request) {
		try {
			return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * The status of a request written as is (the HTTP clients of the JDK do not let a
	 * test choose the Host header).
	 */
	int rawStatus(String requestHead) throws IOException {
		try (Socket socket = new Socket("127.0.0.1", this.port)) {
			OutputStream output = socket.getOutputStream();
			output.write(requestHead.getBytes(StandardCharsets.US_ASCII));
			output.flush();
			InputStream input = socket.getInputStream();
			StringBuilder line = new StringBuilder();
			int c;
			while ((c = input.read()) != -1 && c != '\r') {
				line.append((char) c);
			}
			return Integer.parseInt(line.toString().split(" ")[1]);
		}
	}

	@Override
	public void close() {
		this.context.close();
	}

}
