package com.example.remote;

import java.util.Map;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.method.AcpRequestContext;

import org.springframework.stereotype.Component;

/**
 * The {@code remote.example} extension: tells a client how the agent sees it.
 */
@Component
@AcpExtension(value = "remote.example", version = "1.0")
class WhoAmIExtension {

	@AcpMethod("_remote.example/whoami")
	Map<String, String> whoami(AcpRequestContext context) {
		return Map.of("principal", context.connection().principal().getName(), "transport",
				context.connection().transport());
	}

}
