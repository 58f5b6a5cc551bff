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

	@AcpMethod("_slice.test/price")
	Map<String, Integer> price(PriceParams params) {
		if (params.quantity() < 1) {
			throw new IllegalArgumentException("quantity must be at least 1");
		}
		return Map.of("price", 3 * params.quantity());
	}

	@AcpMethod("_slice.test/expensive")
	Map<String, String> expensive() {
		return Map.of("done", "yes");
	}

	record PriceParams(int quantity) {
	}

	record GreetParams(String name) {
	}

}
