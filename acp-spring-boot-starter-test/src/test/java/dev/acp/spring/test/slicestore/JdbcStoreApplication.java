package dev.acp.spring.test.slicestore;

import java.util.Map;

import dev.acp.spring.annotation.AcpMethod;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.PropertySource;
import org.springframework.stereotype.Component;

/**
 * An application that keeps its sessions in a database ({@code acp.sessions.store=jdbc}),
 * for the slice's session store tests.
 *
 * @author ACP Spring Boot Starter contributors
 */
@SpringBootApplication
@PropertySource("classpath:dev/acp/spring/test/slicestore/production.properties")
public class JdbcStoreApplication {

}

@Component
class PingHandler {

	@AcpMethod("_store.test/ping")
	Map<String, String> ping() {
		return Map.of("pong", "yes");
	}

}
