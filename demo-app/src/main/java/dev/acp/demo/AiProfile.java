package dev.acp.demo;

import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.util.ClassUtils;

/**
 * The {@code ai} profile needs Spring AI, which only {@code acp-demo-ai.jar} carries
 * ({@code acp-demo.jar} leaves it out so that the deterministic demo starts as fast as
 * ever): without it start-up fails saying so.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Configuration(proxyBeanMethods = false)
@Profile("ai")
class AiProfile {

	AiProfile() {
		if (!ClassUtils.isPresent("org.springframework.ai.chat.client.ChatClient", AiProfile.class.getClassLoader())) {
			throw new IllegalStateException(
					"The 'ai' profile runs from acp-demo-ai.jar (this jar carries no Spring AI): java -jar acp-demo-ai.jar --spring.profiles.active=ai ...");
		}
	}

}
