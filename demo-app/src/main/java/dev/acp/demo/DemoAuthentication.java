package dev.acp.demo;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Map;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.protocol.AcpErrorCodes;
import dev.acp.spring.protocol.AuthenticateRequest;
import dev.acp.spring.protocol.AuthenticateResponse;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;

/**
 * {@code authenticate} for the methods configured in {@code acp.auth.methods} (none by
 * default, so the demo asks for no authentication): the credential reaches the agent
 * through its environment, as the acpx client passes it ({@code ACPX_AUTH_<ID>}, the
 * method id in upper case with every other character an underscore). When
 * {@code demo.auth.expected-token} is set, the credential must equal it.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Component
class DemoAuthentication {

	private final Environment environment;

	private final String expectedToken;

	DemoAuthentication(Environment environment, @Value("${demo.auth.expected-token:}") String expectedToken) {
		this.environment = environment;
		this.expectedToken = expectedToken;
	}

	@AcpMethod("authenticate")
	AuthenticateResponse authenticate(AuthenticateRequest request) {
		String variable = "ACPX_AUTH_" + request.methodId().replaceAll("[^a-zA-Z0-9]+", "_").toUpperCase(Locale.ROOT);
		String credential = this.environment.getProperty(variable);
		if (!StringUtils.hasText(credential) || (StringUtils.hasText(this.expectedToken)
				&& !MessageDigest.isEqual(credential.getBytes(StandardCharsets.UTF_8),
						this.expectedToken.getBytes(StandardCharsets.UTF_8)))) {
			throw new AcpException(AcpErrorCodes.AUTH_REQUIRED, "Authentication required",
					Map.of("methodId", request.methodId(), "environment", variable));
		}
		return new AuthenticateResponse();
	}

}
