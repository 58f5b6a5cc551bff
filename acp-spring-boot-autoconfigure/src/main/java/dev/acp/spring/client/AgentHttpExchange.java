package dev.acp.spring.client;

import java.io.IOException;
import java.io.InputStream;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The HTTP exchanges of one Streamable HTTP agent: requests to its endpoint with the
 * configured headers and time limit, cookies the server sets (a balancer's affinity) sent
 * back, cleartext {@code http://} over HTTP/1.1 and {@code https://} negotiating HTTP/2,
 * and failures described with the agent's name.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class AgentHttpExchange {

	static final String CONNECTION_ID = "Acp-Connection-Id";

	static final String SESSION_ID = "Acp-Session-Id";

	private static final Log logger = LogFactory.getLog(AgentHttpExchange.class);

	private static final int MAX_ERROR_BODY = 256;

	private static final Duration DELETE_TIMEOUT = Duration.ofSeconds(5);

	private final String name;

	private final URI url;

	private final Map<String, String> headers;

	private final int maxMessageSize;

	private final Duration timeout;

	private final HttpClient client;

	private AgentHttpExchange(String name, URI url, Map<String, String> headers, int maxMessageSize, Duration timeout) {
		this.name = name;
		this.url = url;
		this.headers = headers;
		this.maxMessageSize = maxMessageSize;
		this.timeout = timeout;
		this.client = HttpClient.newBuilder()
			.cookieHandler(new CookieManager())
			.connectTimeout(timeout)
			.followRedirects(HttpClient.Redirect.NEVER)
			.version(
					"https".equalsIgnoreCase(url.getScheme()) ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1)
			.build();
	}

	/**
	 * The exchanges with an agent, once every configured header is known to be sendable.
	 * @param name the agent's name
	 * @param url its {@code http://} or {@code https://} endpoint
	 * @param headers headers sent with every request (such as {@code Authorization})
	 * @param maxMessageSize the longest message taken from the agent
	 * @param timeout how long a request may wait for the HTTP answer
	 * @return the exchanges
	 * @throws AcpAgentClientException if a header cannot be sent
	 */
	static AgentHttpExchange of(String name, URI url, Map<String, String> headers, int maxMessageSize,
			Duration timeout) {
		HttpRequest.Builder check = HttpRequest.newBuilder(url);
		headers.forEach((header, value) -> {
			try {
				check.header(header, value);
			}
			catch (IllegalArgumentException ex) {
				throw new AcpAgentClientException(
						"Header '" + header + "' of agent '" + name + "' cannot be sent: " + ex.getMessage());
			}
		});
		return new AgentHttpExchange(name, url, headers, maxMessageSize, timeout);
	}

	String name() {
		return this.name;
	}

	URI url() {
		return this.url;
	}

	int maxMessageSize() {
		return this.maxMessageSize;
	}

	Duration timeout() {
		return this.timeout;
	}

	/**
	 * A request to the agent's endpoint with the configured headers and time limit.
	 * @return the request, to complete
	 */
	HttpRequest.Builder request() {
		HttpRequest.Builder request = HttpRequest.newBuilder(this.url).timeout(this.timeout);
		this.headers.forEach(request::header);
		return request;
	}

	/**
	 * Send a request and wait for the head of its answer.
	 * @param what what is sent, for the failure's message
	 * @param request the request
	 * @return the answer, its body still to read
	 * @throws AcpAgentClientException if the agent could not be reached
	 */
	HttpResponse<InputStream> exchange(String what, HttpRequest request) {
		try {
			return this.client.send(request, HttpResponse.BodyHandlers.ofInputStream());
		}
		catch (IOException ex) {
			throw new AcpAgentClientException("Could not send " + what + " to agent '" + this.name + "' at " + this.url
					+ ": " + ((ex.getMessage() != null) ? ex.getMessage() : ex.getClass().getSimpleName()), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new AcpAgentClientException("Interrupted while sending " + what + " to agent '" + this.name + "'");
		}
	}

	/**
	 * The failure an answer of an unexpected status stands for, with the start of its
	 * body.
	 * @param what what was sent
	 * @param response the answer, its body unread
	 * @return the failure
	 */
	AcpAgentClientException statusException(String what, HttpResponse<InputStream> response) {
		String body;
		try (InputStream input = response.body()) {
			body = new String(input.readNBytes(MAX_ERROR_BODY), StandardCharsets.UTF_8).strip();
		}
		catch (IOException ex) {
			body = "";
		}
		return new AcpAgentClientException("Agent '" + this.name + "' at " + this.url + " answered " + what
				+ " with HTTP status " + response.statusCode() + (body.isEmpty() ? "" : ": " + body));
	}

	/**
	 * Read the body of the {@code initialize} answer, at most the longest message.
	 * @param response the answer
	 * @return its body
	 * @throws AcpAgentClientException if it is larger or cannot be read
	 */
	byte[] initializeAnswer(HttpResponse<InputStream> response) {
		try (InputStream input = response.body()) {
			byte[] body = input.readNBytes(this.maxMessageSize + 1);
			if (body.length > this.maxMessageSize) {
				throw new AcpAgentClientException("The initialize answer of agent '" + this.name + "' is larger than "
						+ this.maxMessageSize + " bytes");
			}
			return body;
		}
		catch (IOException ex) {
			throw new AcpAgentClientException(
					"Could not read the initialize answer of agent '" + this.name + "': " + ex.getMessage(), ex);
		}
	}

	/**
	 * Let go of an answer whose body says nothing the client needs.
	 * @param response the answer
	 */
	static void discard(HttpResponse<InputStream> response) {
		try (InputStream input = response.body()) {
			input.skip(MAX_ERROR_BODY);
		}
		catch (IOException ex) {
			logger.trace("Discarding an answer body failed", ex);
		}
	}

	/**
	 * Tell the agent the connection ended, without waiting (best effort).
	 * @param connectionId the connection
	 */
	void deleteLater(String connectionId) {
		var unused = this.client.sendAsync(deleteRequest(connectionId), HttpResponse.BodyHandlers.discarding())
			.whenComplete((response, failure) -> {
				if (failure != null) {
					logger.debug("Could not end connection " + connectionId + " on the agent: " + failure.getMessage());
				}
			});
	}

	/**
	 * End the connection on the agent, waiting (bounded) for its answer; a failure is
	 * logged, since the client lets go of the connection either way.
	 * @param connectionId the connection
	 */
	void delete(String connectionId) {
		try {
			HttpResponse<Void> response = this.client.send(deleteRequest(connectionId),
					HttpResponse.BodyHandlers.discarding());
			if (response.statusCode() / 100 != 2) {
				logger.debug("Agent '" + this.name + "' answered DELETE with HTTP status " + response.statusCode());
			}
		}
		catch (IOException ex) {
			logger.debug("Ending the connection to agent '" + this.name + "' failed: " + ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	private HttpRequest deleteRequest(String connectionId) {
		return request().timeout(DELETE_TIMEOUT.compareTo(this.timeout) < 0 ? DELETE_TIMEOUT : this.timeout)
			.setHeader(CONNECTION_ID, connectionId)
			.DELETE()
			.build();
	}

}
