package dev.acp.spring.docs.security;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;

// docs/transports.md "With Spring Security": the snippet is copied from this file (DocsSnippetsTests holds
// them together)
@Configuration(proxyBeanMethods = false)
class AcpSecurityConfiguration {

	@Bean
	SecurityFilterChain acpSecurity(HttpSecurity http) throws Exception {
		return http
			.authorizeHttpRequests(
					(requests) -> requests.requestMatchers("/acp").authenticated().anyRequest().denyAll())
			.httpBasic(Customizer.withDefaults())
			.build();
	}

}
