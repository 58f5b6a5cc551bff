package dev.acp.spring.inspector.bridge;

import java.io.PrintStream;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ApplicationListener;

/**
 * Prints the one line of the inspector's standard output once it serves: the page's URL
 * with the token in its fragment (which browsers never send to a server).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class StartLine implements ApplicationListener<ApplicationReadyEvent> {

	private final InspectorToken token;

	private final PrintStream output;

	@SuppressWarnings("SystemOut") // the inspector's one line of standard output
	StartLine(InspectorToken token) {
		this(token, System.out);
	}

	StartLine(InspectorToken token, PrintStream output) {
		this.token = token;
		this.output = output;
	}

	@Override
	public void onApplicationEvent(ApplicationReadyEvent event) {
		WebServer server = (event.getApplicationContext() instanceof WebServerApplicationContext context)
				? context.getWebServer() : null;
		if (server != null) {
			this.output.println(line(server.getPort(), this.token));
			this.output.flush();
		}
	}

	static String line(int port, InspectorToken token) {
		return "ACP inspector: http://127.0.0.1:" + port + BridgeRequestFilter.PAGE_PATH + "#token=" + token.value();
	}

}
