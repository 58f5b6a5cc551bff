package dev.acp.demo;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import tools.jackson.databind.JsonNode;

import org.springframework.stereotype.Component;

/**
 * The {@code demo.acp} extension: echoes params exactly as received.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Component
@AcpExtension(value = "demo.acp", version = "1.0")
public class EchoExtension {

	@AcpMethod(value = "_demo.acp/echo", nonBlocking = true)
	Echo echo(JsonNode params) {
		return new Echo(params);
	}

	/**
	 * The echo.
	 *
	 * @param params the params as received, {@code _meta} included
	 */
	record Echo(@JsonInclude(JsonInclude.Include.ALWAYS) JsonNode params) {
	}

}
