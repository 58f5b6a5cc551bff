package dev.acp.spring.docs.capabilities;

import dev.acp.spring.agent.AcpCapabilitiesCustomizer;
import dev.acp.spring.protocol.PromptCapabilities;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

// docs/capabilities.md: the snippet is copied from this file (DocsSnippetsTests holds them together)
@Configuration(proxyBeanMethods = false)
class PromptCapabilitiesConfiguration {

	@Bean
	AcpCapabilitiesCustomizer promptCapabilities() {
		return (capabilities) -> {
			capabilities.promptCapabilities(new PromptCapabilities(true, null, true, null));
			// drop an entry, or add your own keys
			capabilities.meta().remove("acp-spring-boot");
		};
	}

}
