package dev.acp.spring.autoconfigure;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Reports an agent that would be open to anyone who reaches its port as a description and
 * what to set, instead of a stack trace.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class UnauthenticatedRemoteAgentFailureAnalyzer
		extends AbstractFailureAnalyzer<UnauthenticatedRemoteAgentException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, UnauthenticatedRemoteAgentException cause) {
		return new FailureAnalysis(cause.exposure(), cause.action(), cause);
	}

}
