package dev.acp.spring.docs.client;

import java.util.Map;

import dev.acp.spring.annotation.AcpClientSide;
import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;

import org.springframework.stereotype.Component;

/**
 * The client extension of docs/client.md.
 */
@Component
@AcpClientSide
@AcpExtension(value = "example.com/ide", version = "1.0")
class Ide {

	@AcpMethod("_example.com/ide/open")
	Map<String, Object> open(Map<String, Object> params) {
		return Map.of("opened", params.get("path"));
	}

}
