package dev.acp.spring.method.support;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.annotation.AcpControllerAdvice;
import dev.acp.spring.annotation.AcpExceptionHandler;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.jsonrpc.JsonRpcException;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpHandlerInterceptor;
import dev.acp.spring.method.AcpInterceptorChain;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.protocol.AcpJsonMapper;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.IntNode;

import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.core.Ordered;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Tests of the discovery of advice and interceptors among singletons registered without
 * bean definitions, as {@code AcpTestClient.standalone} registers them.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpHandlerAdviceDiscoveryTests {

	private final ObjectMapper mapper = AcpJsonMapper.create();

	@Test
	void adviceAndOrderedInterceptorsAmongRegisteredSingletonsServeTheHandlers() throws Exception {
		AcpMethodRegistry registry = discover(new Handlers(), new Advice(), new Tagging("second", 2),
				new Tagging("first", 1));
		AcpHandlerMethod handler = registry.find("_x.dev/fail");
		assertThatExceptionOfType(ExecutionException.class)
			.isThrownBy(() -> handler.invoke(context("_x.dev/fail")).toCompletableFuture().get(5, TimeUnit.SECONDS))
			.havingCause()
			.isInstanceOf(JsonRpcException.class)
			.satisfies((ex) -> assertThat(((JsonRpcException) ex).getError().code()).isEqualTo(-32070));
		Object answer = registry.find("_x.dev/ok")
			.invoke(context("_x.dev/ok"))
			.toCompletableFuture()
			.get(5, TimeUnit.SECONDS);
		assertThat(answer).isEqualTo(Map.of("first", Map.of("second", "ok")));
	}

	private AcpMethodRegistry discover(Object... beans) {
		AcpMethodRegistry registry = new AcpMethodRegistry();
		DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
		for (int i = 0; i < beans.length; i++) {
			beanFactory.registerSingleton("bean" + i, beans[i]);
		}
		AcpMethodDiscoverer discoverer = new AcpMethodDiscoverer(registry,
				AcpArgumentResolvers.builtIn(this.mapper, null), new AcpExceptionTranslator());
		discoverer.setBeanFactory(beanFactory);
		discoverer.afterSingletonsInstantiated();
		return registry;
	}

	private AcpRequestContext context(String method) {
		return AcpRequestContext.forRequest(method, IntNode.valueOf(1), this.mapper.createObjectNode(), null,
				this.mapper, new CompletableFuture<>());
	}

	static class Handlers {

		@AcpMethod("_x.dev/fail")
		Object fail() {
			throw new UnsupportedOperationException("no");
		}

		@AcpMethod("_x.dev/ok")
		Object ok() {
			return "ok";
		}

	}

	@AcpControllerAdvice
	static class Advice {

		@AcpExceptionHandler
		AcpException unsupported(UnsupportedOperationException ex) {
			return new AcpException(-32070, "Unsupported");
		}

	}

	record Tagging(String tag, int order) implements AcpHandlerInterceptor, Ordered {

		@Override
		public Object intercept(AcpRequestContext context, AcpInterceptorChain chain) {
			return chain.proceed().thenApply((result) -> Map.of(this.tag, result));
		}

		@Override
		public int getOrder() {
			return this.order;
		}

	}

}
