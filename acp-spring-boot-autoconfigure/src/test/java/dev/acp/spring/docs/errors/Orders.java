package dev.acp.spring.docs.errors;

import java.util.Map;

import dev.acp.spring.annotation.AcpMethod;

import org.springframework.stereotype.Component;

/**
 * Handlers that fail, for the advice and interceptors of
 * {@code docs/programming-model.md}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Component
class Orders {

	@AcpMethod("_example.com/orders/place")
	Map<String, Object> place(Map<String, Object> order) {
		if (Integer.valueOf(4).equals(order.get("quantity"))) {
			throw new QuotaExceededException(3);
		}
		if (Integer.valueOf(0).equals(order.get("quantity"))) {
			throw new IllegalStateException("no stock");
		}
		return Map.of("placed", true);
	}

}
