package dev.acp.demo;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The demo ACP agent: served over stdio by default, over WebSocket and Streamable HTTP on
 * one endpoint with {@code --acp.transport=http} (or {@code websocket}). As a remote
 * agent, require a token on the handshake with
 * {@code --acp.websocket.auth.bearer-token=...} (or
 * {@code --acp.websocket.auth.bearer-token-file=/run/secrets/acp-token}) and bind a
 * reachable address with {@code --server.address=0.0.0.0}; clients then send
 * {@code Authorization: Bearer <token>}. With {@code -Dacp.demo.startup-report=true} it
 * prints where its start-up time went to standard error.
 *
 * @author ACP Spring Boot Starter contributors
 */
@SpringBootApplication
public class DemoApplication {

	public static void main(String[] args) {
		StartupReport report = StartupReport.ifRequested();
		SpringApplication application = new SpringApplication(DemoApplication.class);
		if (report != null) {
			report.record(application);
		}
		ConfigurableApplicationContext context = application.run(args);
		if (report != null) {
			report.print(context);
		}
	}

}
