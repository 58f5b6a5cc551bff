package dev.acp.spring.client.support;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import dev.acp.spring.agent.support.AcpCapabilityAdvertiser;
import dev.acp.spring.agent.support.AcpExtensionDefinition;
import dev.acp.spring.annotation.AcpClientSide;
import dev.acp.spring.client.AcpClientExtensions;
import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.method.AcpArgumentResolver;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.method.AcpRequestContext;
import dev.acp.spring.method.support.AcpExceptionTranslator;
import dev.acp.spring.method.support.AcpHandlerKind;
import dev.acp.spring.method.support.AcpHandlerMethod;
import dev.acp.spring.method.support.AcpMethodDiscoverer;
import dev.acp.spring.method.support.AcpMethodRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * The client extension methods of the {@link AcpClientSide @AcpClientSide} beans,
 * discovered once all singletons exist with the agent side's handler model, and
 * advertised the way the agent side advertises its own extensions.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class DiscoveredClientExtensions
		implements AcpClientExtensions, SmartInitializingSingleton, BeanFactoryAware {

	private final AcpMethodRegistry registry = new AcpMethodRegistry();

	private final AcpMethodDiscoverer discoverer;

	private final Map<String, AcpExtensionDefinition> definitions;

	private volatile @Nullable Map<String, Object> advertisement;

	/**
	 * Create the extensions.
	 * @param resolvers the argument resolvers, in the order they are asked
	 * @param exceptionTranslator turns handler failures into errors
	 * @param definitions configured extensions by namespace (version, extra keys)
	 */
	public DiscoveredClientExtensions(List<AcpArgumentResolver> resolvers, AcpExceptionTranslator exceptionTranslator,
			Map<String, AcpExtensionDefinition> definitions) {
		this.discoverer = AcpMethodDiscoverer.forClientSide(this.registry, resolvers, exceptionTranslator);
		this.definitions = Map.copyOf(definitions);
	}

	@Override
	public void setBeanFactory(BeanFactory beanFactory) throws BeansException {
		this.discoverer.setBeanFactory(beanFactory);
	}

	@Override
	public void afterSingletonsInstantiated() {
		this.discoverer.afterSingletonsInstantiated();
	}

	@Override
	public Map<String, Object> advertisement() {
		Map<String, Object> current = this.advertisement;
		if (current == null) {
			if (!this.registry.isFrozen()) {
				return Map.of();
			}
			Map<String, Object> meta = new AcpCapabilityAdvertiser(this.registry, this.definitions, List.of())
				.capabilities()
				.meta();
			current = (meta != null) ? Map.copyOf(meta) : Map.of();
			this.advertisement = current;
		}
		return current;
	}

	@Override
	public boolean servesRequest(String method) {
		return serves(method, AcpHandlerKind.REQUEST);
	}

	@Override
	public boolean servesNotification(String method) {
		return serves(method, AcpHandlerKind.NOTIFICATION);
	}

	private boolean serves(String method, AcpHandlerKind kind) {
		AcpHandlerMethod handler = this.registry.isFrozen() ? this.registry.find(method) : null;
		return handler != null && handler.kind() == kind;
	}

	@Override
	public CompletionStage<Object> invoke(AcpRequestContext context) {
		AcpHandlerMethod handler = this.registry.isFrozen() ? this.registry.find(context.method()) : null;
		if (handler == null) {
			return CompletableFuture
				.failedFuture(new AcpException(JsonRpcError.METHOD_NOT_FOUND, "Method not found", context.method()));
		}
		return handler.invoke(context);
	}

}
