package dev.acp.spring.test.slice;

import dev.acp.spring.annotation.AcpControllerAdvice;
import dev.acp.spring.annotation.AcpExceptionHandler;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.method.AcpException;

/**
 * Advice turning the handlers' {@link IllegalArgumentException} into invalid params, as
 * the application answers in production.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AcpControllerAdvice
class PriceRules {

	@AcpExceptionHandler
	AcpException invalidArgument(IllegalArgumentException ex) {
		return new AcpException(JsonRpcError.INVALID_PARAMS, ex.getMessage());
	}

}
