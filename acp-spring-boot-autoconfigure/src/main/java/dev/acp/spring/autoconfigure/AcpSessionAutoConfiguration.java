package dev.acp.spring.autoconfigure;

import java.time.Clock;

import dev.acp.spring.agent.support.DefaultAcpSessions;
import dev.acp.spring.session.AcpSessionStore;
import dev.acp.spring.session.InMemoryAcpSessionStore;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the sessions the starter keeps ({@code acp.sessions.enabled}, on
 * by default): the {@link AcpSessionStore} (in memory unless another store bean is
 * declared, for example by the JDBC store's auto-configuration, which runs before this
 * one) and the {@link DefaultAcpSessions} the agent serves sessions with, on a store of
 * their own in memory when {@code acp.sessions.ephemeral} says so.
 *
 * @author ACP Spring Boot Starter contributors
 */
@AutoConfiguration
@ConditionalOnProperty(prefix = "acp", name = "enabled", matchIfMissing = true)
@ConditionalOnProperty(prefix = "acp.sessions", name = "enabled", matchIfMissing = true)
@EnableConfigurationProperties(AcpSessionProperties.class)
public final class AcpSessionAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(AcpSessionStore.class)
	@ConditionalOnProperty(prefix = "acp.sessions", name = "store", havingValue = "memory", matchIfMissing = true)
	InMemoryAcpSessionStore acpSessionStore(AcpSessionProperties properties) {
		return inMemory(properties);
	}

	private static InMemoryAcpSessionStore inMemory(AcpSessionProperties properties) {
		AcpSessionProperties.Memory memory = properties.getMemory();
		return new InMemoryAcpSessionStore(memory.getMaxSessions(), properties.getMaxHistory(),
				properties.getMaxHistorySize().toBytes(), memory.getMaxSize().toBytes(), memory.getIdleTimeout(),
				Clock.systemUTC());
	}

	@Bean
	@ConditionalOnMissingBean
	DefaultAcpSessions acpSessions(ObjectProvider<AcpSessionStore> store, AcpSessionProperties properties,
			ObjectProvider<AcpHandlerThreads> threads) {
		// decided here, not by a condition: Spring AOT fixes the conditions at build time
		AcpSessionStore sessionStore = properties.isEphemeral() ? inMemory(properties) : store.getIfUnique();
		if (sessionStore == null) {
			throw new IllegalStateException("acp.sessions.store=" + properties.getStore().name().toLowerCase()
					+ " needs one AcpSessionStore bean and there is " + (store.stream().findAny().isPresent()
							? "more than one" : "none (is the store's module on the class path?)"));
		}
		DefaultAcpSessions sessions = new DefaultAcpSessions(sessionStore, properties.getClaimDuration(),
				properties.getListPageSize(), properties.getBatchSize());
		threads.ifAvailable((handlerThreads) -> handlerThreads.every(sessions.renewalPeriod(), sessions::renewClaims));
		return sessions;
	}

}
