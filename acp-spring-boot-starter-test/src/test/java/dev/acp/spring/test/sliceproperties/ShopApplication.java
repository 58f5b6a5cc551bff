package dev.acp.spring.test.sliceproperties;

import java.util.Map;

import dev.acp.spring.annotation.AcpMethod;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;
import org.springframework.stereotype.Component;

/**
 * An application whose handler needs a {@code @ConfigurationProperties} record, enabled
 * by a configuration class the slice leaves out.
 *
 * @author ACP Spring Boot Starter contributors
 */
@SpringBootApplication
public class ShopApplication {

}

@ConfigurationProperties("shop")
record ShopProperties(String currency) {
}

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ShopProperties.class)
class ShopConfiguration {

}

@Component
class Prices {

	private final ShopProperties properties;

	Prices(ShopProperties properties) {
		this.properties = properties;
	}

	@AcpMethod("_shop.test/currency")
	Map<String, String> currency() {
		return Map.of("currency", this.properties.currency());
	}

}
