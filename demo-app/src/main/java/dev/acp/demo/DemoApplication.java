package dev.acp.demo;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The demo ACP agent: served over stdio by default, over WebSocket with
 * {@code --acp.transport=websocket}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@SpringBootApplication
public class DemoApplication {

	public static void main(String[] args) {
		SpringApplication.run(DemoApplication.class, args);
	}

}
