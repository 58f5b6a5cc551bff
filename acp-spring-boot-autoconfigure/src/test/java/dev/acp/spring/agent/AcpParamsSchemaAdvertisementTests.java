package dev.acp.spring.agent;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonClassDescription;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.annotation.AcpNotification;
import dev.acp.spring.autoconfigure.AcpAutoConfiguration;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.validation.autoconfigure.ValidationAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of the params schemas an extension advertises when it opts in.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpParamsSchemaAdvertisementTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, ValidationAutoConfiguration.class,
				AcpAutoConfiguration.class))
		.withPropertyValues("acp.transport=none")
		.withUserConfiguration(HandlersConfiguration.class);

	@Test
	void anExtensionThatOptsInAdvertisesTheSchemaOfEachMethodsParams() {
		this.contextRunner.run((context) -> {
			JsonNode meta = new TestPeer(context).initialize("{}").at("/agentCapabilities/_meta/schema.test");
			assertThat(meta.get("methods").get(0).asString()).isEqualTo("_schema.test/book");
			JsonNode book = meta.at("/schemas/_schema.test~1book/params");
			assertThat(book.get("$schema").asString()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
			assertThat(book.get("type").asString()).isEqualTo("object");
			assertThat(book.at("/properties/room/type").asString()).isEqualTo("string");
			assertThat(book.at("/properties/room/minLength").asInt()).isOne();
			assertThat(book.at("/properties/nights/type").asString()).isEqualTo("integer");
			assertThat(book.at("/properties/nights/minimum").asInt()).isOne();
			assertThat(book.at("/properties/guest_names/type").asString()).isEqualTo("array");
			assertThat(book.at("/properties/guest_names/items/type").asString()).isEqualTo("string");
			assertThat(book.get("required")).extracting(JsonNode::asString).contains("room", "nights");
			assertThat(meta.at("/schemas/_schema.test~1ping/params/type").asString()).isEqualTo("object");
			// an extension that did not opt in carries no schemas
			assertThat(new TestPeer(context).initialize("{}").at("/agentCapabilities/_meta/plain.test").has("schemas"))
				.isFalse();
		});
	}

	@Test
	void descriptionsOfTheParamsTypeAndItsPropertiesAreInTheSchema() {
		this.contextRunner.run((context) -> {
			JsonNode book = new TestPeer(context).initialize("{}")
				.at("/agentCapabilities/_meta/schema.test/schemas/_schema.test~1book/params");
			assertThat(book.get("description").asString()).isEqualTo("A booking of a room");
			assertThat(book.at("/properties/room/description").asString())
				.isEqualTo("The room's name, as the hotel lists it");
			assertThat(book.at("/properties/nights").has("description")).isFalse();
		});
	}

	@Test
	void theExtensionsPropertyTurnsSchemasOnAndOff() {
		this.contextRunner
			.withPropertyValues("acp.extensions[plain.test].schemas=true", "acp.extensions[schema.test].schemas=false")
			.run((context) -> {
				JsonNode meta = new TestPeer(context).initialize("{}").at("/agentCapabilities/_meta");
				assertThat(meta.at("/plain.test/schemas/_plain.test~1echo/params/properties/text/type").asString())
					.isEqualTo("string");
				assertThat(meta.get("schema.test").has("schemas")).isFalse();
			});
	}

	@Test
	void optingInWithoutTheSchemaGeneratorFailsStartup() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(SchemaGenerator.class)).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).hasMessageContaining("[schema.test]")
				.hasMessageContaining("com.github.victools:jsonschema-generator");
		});
	}

	@Test
	void withoutOptingInTheSchemaGeneratorIsNotNeeded() {
		this.contextRunner.withPropertyValues("acp.extensions[schema.test].schemas=false")
			.withClassLoader(new FilteredClassLoader(SchemaGenerator.class))
			.run((context) -> assertThat(new TestPeer(context).initialize("{}")
				.at("/agentCapabilities/_meta/schema.test/methods/0")
				.asString()).isEqualTo("_schema.test/book"));
	}

	@Configuration(proxyBeanMethods = false)
	static class HandlersConfiguration {

		@Bean
		Booking booking() {
			return new Booking();
		}

		@Bean
		Plain plain() {
			return new Plain();
		}

	}

	@AcpExtension(value = "schema.test", version = "1.0", schemas = true)
	static class Booking {

		@AcpMethod("_schema.test/book")
		Map<String, Object> book(@Valid BookParams params) {
			return Map.of("booked", params.room());
		}

		@AcpNotification("_schema.test/ping")
		void ping(JsonNode params) {
		}

	}

	@JsonClassDescription("A booking of a room")
	record BookParams(@JsonPropertyDescription("The room's name, as the hotel lists it") @NotBlank String room,
			@NotNull @Min(1) Integer nights, @JsonProperty("guest_names") List<String> guestNames) {
	}

	@AcpExtension("plain.test")
	static class Plain {

		@AcpMethod("_plain.test/echo")
		Map<String, Object> echo(EchoParams params) {
			return Map.of("text", params.text());
		}

	}

	record EchoParams(String text) {
	}

}
