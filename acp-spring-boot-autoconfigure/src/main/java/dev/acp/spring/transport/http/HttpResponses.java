package dev.acp.spring.transport.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.MediaType;

/**
 * The short answers of the Streamable HTTP transport: a status with a plain text or a
 * JSON body.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class HttpResponses {

	private HttpResponses() {
	}

	/**
	 * Answer {@code 404}: the connection is unknown, ended, or another principal's.
	 * @param response the response
	 * @throws IOException if it cannot be written
	 */
	static void unknownConnection(HttpServletResponse response) throws IOException {
		plain(response, HttpServletResponse.SC_NOT_FOUND, "Unknown Acp-Connection-Id");
	}

	/**
	 * Answer a status with a plain text.
	 * @param response the response
	 * @param status the status
	 * @param text the text
	 * @throws IOException if it cannot be written
	 */
	static void plain(HttpServletResponse response, int status, String text) throws IOException {
		response.setStatus(status);
		response.setContentType("text/plain;charset=UTF-8");
		byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
		response.setContentLength(bytes.length);
		response.getOutputStream().write(bytes);
	}

	/**
	 * Answer a status with a JSON body.
	 * @param response the response
	 * @param status the status
	 * @param body the JSON text
	 * @throws IOException if it cannot be written
	 */
	static void json(HttpServletResponse response, int status, byte[] body) throws IOException {
		response.setStatus(status);
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.setContentLength(body.length);
		response.getOutputStream().write(body);
	}

}
