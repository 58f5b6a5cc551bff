package dev.acp.spring.method.support;

import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;

import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.PromptRequest;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.IntNode;

import org.springframework.core.MethodParameter;
import org.springframework.util.ReflectionUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link ParamsArgumentResolver}: params the starter bound already are taken as
 * they are by a parameter of exactly their type, and bound again for any other.
 */
class ParamsArgumentResolverTests {

	private final JsonMapper mapper = AcpJsonMapper.create();

	private final ParamsArgumentResolver resolver = new ParamsArgumentResolver(this.mapper, null);

	private final JsonNode params = this.mapper
		.readTree("{\"sessionId\":\"s1\",\"prompt\":[{\"type\":\"text\",\"text\":\"hi\"}]}");

	private final PromptRequest bound = new PromptRequest("s1", List.of(ContentBlock.text("bound")), null);

	private AcpRequestContext context(JsonMapper mapper) {
		return AcpRequestContext.forRequest("session/prompt", IntNode.valueOf(1), this.params, null, mapper, null);
	}

	private static MethodParameter parameter(String name) {
		Method method = ReflectionUtils.findMethod(Handlers.class, name, (Class<?>[]) null);
		return new MethodParameter(method, 0);
	}

	@Test
	void paramsBoundAlreadyAreTakenByAParameterOfTheirType() {
		Object argument = this.resolver.resolveArgument(parameter("typed"),
				context(this.mapper).withBoundParams(this.bound));
		assertThat(argument).isSameAs(this.bound);
	}

	@Test
	void paramsAreBoundWhenNothingWasBoundAlready() {
		Object argument = this.resolver.resolveArgument(parameter("typed"), context(this.mapper));
		assertThat(argument).isEqualTo(new PromptRequest("s1", List.of(ContentBlock.text("hi")), null));
	}

	@Test
	void paramsBoundAlreadyAreBoundAgainForAnotherType() {
		AcpRequestContext context = context(this.mapper).withBoundParams(this.bound);
		assertThat(this.resolver.resolveArgument(parameter("map"), context)).isInstanceOf(Map.class);
		assertThat(this.resolver.resolveArgument(parameter("tree"), context)).isSameAs(this.params);
	}

	@Test
	void paramsBoundAlreadyByAnotherMapperAreBoundAgain() {
		Object argument = this.resolver.resolveArgument(parameter("typed"),
				context(AcpJsonMapper.create()).withBoundParams(this.bound));
		assertThat(argument).isNotSameAs(this.bound)
			.isEqualTo(new PromptRequest("s1", List.of(ContentBlock.text("hi")), null));
	}

	static class Handlers {

		void typed(PromptRequest request) {
		}

		void map(Map<String, Object> params) {
		}

		void tree(JsonNode params) {
		}

	}

}
