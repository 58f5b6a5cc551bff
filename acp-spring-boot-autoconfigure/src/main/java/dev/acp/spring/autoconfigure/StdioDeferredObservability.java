package dev.acp.spring.autoconfigure;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;

import io.micrometer.observation.ObservationRegistry;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import dev.acp.spring.jsonrpc.InboundRequest;
import dev.acp.spring.jsonrpc.JsonRpcHandler;
import dev.acp.spring.jsonrpc.JsonRpcHandlerFactory;
import dev.acp.spring.jsonrpc.JsonRpcNotification;
import dev.acp.spring.protocol.AcpMethods;
import tools.jackson.databind.JsonNode;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanCreationNotAllowedException;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.Lifecycle;

/**
 * Lets a stdio agent answer {@code initialize} before the observability stack exists
 * ({@code acp.stdio.defer-observability}, off by default): the singletons of Actuator,
 * Micrometer and OpenTelemetry that nothing needs earlier are made lazy, the agent
 * observes through a {@link DeferredObservationRegistry}, and once the application is
 * ready a background thread creates the registry and then every deferred singleton, so
 * the context ends up as it would have been. Calls that arrive in between wait for the
 * registry, except {@code initialize}, which is answered at once without an observation.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class StdioDeferredObservability implements BeanFactoryPostProcessor, ApplicationListener<ApplicationReadyEvent> {

	private static final Log logger = LogFactory.getLog(StdioDeferredObservability.class);

	private static final String[] DEFERRED_PACKAGES = { "io.micrometer.", "io.opentelemetry.",
			"org.springframework.boot.micrometer.", "org.springframework.boot.opentelemetry.",
			"org.springframework.boot.actuate.", "org.springframework.boot.health." };

	private static final List<Class<?>> EAGER_TYPES = List.of(BeanPostProcessor.class, BeanFactoryPostProcessor.class,
			SmartInitializingSingleton.class, Lifecycle.class);

	private final List<String> deferred = new ArrayList<>();

	private volatile ConfigurableListableBeanFactory beanFactory;

	private final DeferredObservationRegistry registry = new DeferredObservationRegistry(
			() -> (this.beanFactory != null)
					? this.beanFactory.getBeanProvider(ObservationRegistry.class).getIfAvailable(() -> null) : null);

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) throws BeansException {
		this.beanFactory = beanFactory;
		for (String name : beanFactory.getBeanDefinitionNames()) {
			BeanDefinition definition = beanFactory.getBeanDefinition(name);
			if (definition instanceof AbstractBeanDefinition bean && bean.isSingleton() && !bean.isAbstract()
					&& bean.getLazyInit() == null && isDeferred(origin(beanFactory, bean))
					&& !isEager(beanFactory.getType(name, false))) {
				bean.setLazyInit(true);
				this.deferred.add(name);
			}
		}
	}

	private static String origin(ConfigurableListableBeanFactory beanFactory, BeanDefinition definition) {
		String factoryBean = definition.getFactoryBeanName();
		if (factoryBean != null && beanFactory.containsBeanDefinition(factoryBean)) {
			return beanFactory.getBeanDefinition(factoryBean).getBeanClassName();
		}
		return definition.getBeanClassName();
	}

	private static boolean isDeferred(String className) {
		if (className == null) {
			return false;
		}
		for (String prefix : DEFERRED_PACKAGES) {
			if (className.startsWith(prefix)) {
				return true;
			}
		}
		return false;
	}

	private static boolean isEager(Class<?> type) {
		if (type == null) {
			return true;
		}
		for (Class<?> eager : EAGER_TYPES) {
			if (eager.isAssignableFrom(type)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The registry the agent observes through.
	 * @return the registry
	 */
	ObservationRegistry registry() {
		return this.registry;
	}

	/**
	 * The singletons made lazy, created in the background once the application is ready.
	 * @return their names
	 */
	List<String> deferredBeanNames() {
		return List.copyOf(this.deferred);
	}

	/**
	 * The agent's handlers, each serving {@code initialize} without waiting for the
	 * registry.
	 * @param agent the agent
	 * @return the handlers
	 */
	JsonRpcHandlerFactory handlers(JsonRpcHandlerFactory agent) {
		return (connection) -> new InitializeWithoutWaiting(agent.createHandler(connection));
	}

	@Override
	public void onApplicationEvent(ApplicationReadyEvent event) {
		if (this.registry.isResolved() && this.deferred.isEmpty()) {
			return;
		}
		Thread thread = new Thread(this::createDeferred, "acp-deferred-init");
		thread.setDaemon(true);
		thread.start();
	}

	void createDeferred() {
		try {
			this.registry.resolve();
			for (String name : this.deferred) {
				this.beanFactory.getBean(name);
			}
		}
		catch (BeanCreationNotAllowedException ex) {
			logger.debug("The context closed before the deferred observability beans were created");
		}
		catch (RuntimeException ex) {
			logger.warn("Could not create the deferred observability beans: " + ex.getMessage());
			logger.debug("Deferred creation failed", ex);
		}
	}

	private record InitializeWithoutWaiting(JsonRpcHandler handler) implements JsonRpcHandler {

		@Override
		public CompletionStage<?> handleRequest(InboundRequest request) {
			if (AcpMethods.INITIALIZE.equals(request.method())) {
				return DeferredObservationRegistry.servingInitialize(() -> this.handler.handleRequest(request));
			}
			return this.handler.handleRequest(request);
		}

		@Override
		public void handleNotification(JsonRpcNotification notification) {
			this.handler.handleNotification(notification);
		}

		@Override
		public void notificationReceived(JsonRpcNotification notification) {
			this.handler.notificationReceived(notification);
		}

		@Override
		public String orderKey(String method, JsonNode params) {
			return this.handler.orderKey(method, params);
		}

		@Override
		public boolean isDispatchedInline(String method) {
			return this.handler.isDispatchedInline(method);
		}

		@Override
		public void connectionClosed() {
			this.handler.connectionClosed();
		}

	}

}
