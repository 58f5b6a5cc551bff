package dev.acp.spring.test.slice;

import java.util.Map;

import dev.acp.spring.annotation.AcpMethod;

import org.springframework.stereotype.Component;

/**
 * A handler bean found by its {@code @AcpMethod} method alone.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Component
class GreetingHandler {

	@AcpMethod("_slice.test/greet")
	Map<String, String> greet(GreetParams params) {
		return Map.of("greeting", "Hello, " + params.name());
	}

	record GreetParams(String name) {
	}

}
