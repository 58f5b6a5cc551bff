package com.example.remote;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * An ACP agent editors connect to over WebSocket ({@code ws://host:8080/acp}), sending
 * {@code Authorization: Bearer <token>} on the handshake.
 */
@SpringBootApplication
public class RemoteAgentApplication {

	public static void main(String[] args) {
		SpringApplication.run(RemoteAgentApplication.class, args);
	}

}
