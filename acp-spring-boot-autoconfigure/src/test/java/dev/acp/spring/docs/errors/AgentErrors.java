package dev.acp.spring.docs.errors;

import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

import dev.acp.spring.annotation.AcpControllerAdvice;
import dev.acp.spring.annotation.AcpExceptionHandler;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;

/**
 * The advice of {@code docs/programming-model.md}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AcpControllerAdvice
class AgentErrors {

	final LongAdder unexpected = new LongAdder();

	@AcpExceptionHandler
	AcpException quota(QuotaExceededException ex, AcpRequestContext context) {
		return new AcpException(-32050, "Quota exceeded", Map.of("limit", ex.limit(), "method", context.method()));
	}

	@AcpExceptionHandler
	void unexpected(IllegalStateException ex) {
		this.unexpected.increment(); // then the built-in translation answers -32603
	}

}
