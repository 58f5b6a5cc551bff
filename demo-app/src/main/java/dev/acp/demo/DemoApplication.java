package dev.acp.demo;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The demo ACP agent: served over stdio by default, over WebSocket with
 * {@code --acp.transport=websocket}. As a remote agent, require a token on the handshake
 * with {@code --acp.websocket.auth.bearer-token=...} (or
 * {@code --acp.websocket.auth.bearer-token-file=/run/secrets/acp-token}) and bind a
 * reachable address with {@code --server.address=0.0.0.0}; clients then send
 * {@code Authorization: Bearer <token>}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@SpringBootApplication
public class DemoApplication {

	public static void main(String[] args) {
		SpringApplication.run(DemoApplication.class, args);
	}

}
