package dev.acp.spring.autoconfigure;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.acp.spring.agent.AcpSessions;
import dev.acp.spring.agent.support.AcpCapabilityAdvertiser;
import dev.acp.spring.agent.support.DefaultAcpSessions;
import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.protocol.ContentBlock;
import dev.acp.spring.protocol.LoadSessionResponse;
import dev.acp.spring.protocol.SessionUpdate;
import dev.acp.spring.session.AcpSessionData;
import dev.acp.spring.session.AcpSessionPage;
import dev.acp.spring.session.AcpSessionStore;
import dev.acp.spring.session.InMemoryAcpSessionStore;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests of {@link AcpSessionAutoConfiguration}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AcpSessionAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(JacksonAutoConfiguration.class, AcpAutoConfiguration.class,
				AcpSessionAutoConfiguration.class))
		.withPropertyValues("acp.transport=none");

	@Test
	void sessionsAreKeptInMemoryByDefault() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(InMemoryAcpSessionStore.class);
			assertThat(context).hasSingleBean(AcpSessions.class);
			assertThat(context.getBean(AcpSessions.class).store()).isSameAs(context.getBean(AcpSessionStore.class));
			assertThat(context.getBean(AcpCapabilityAdvertiser.class).capabilities().loadSession()).isTrue();
		});
	}

	@Test
	void theInMemoryStoreIsBoundedAsConfigured() {
		this.contextRunner
			.withPropertyValues("acp.sessions.memory.max-sessions=1", "acp.sessions.memory.idle-timeout=1h")
			.run((context) -> {
				AcpSessionStore store = context.getBean(AcpSessionStore.class);
				Instant now = Instant.now();
				store.save(
						new AcpSessionData("a", "/w", List.of(), List.of(), null, null, Map.of(), Map.of(), now, now));
				store.save(
						new AcpSessionData("b", "/w", List.of(), List.of(), null, null, Map.of(), Map.of(), now, now));
				assertThat(((InMemoryAcpSessionStore) store).size()).isEqualTo(1);
			});
	}

	@Test
	void theInMemoryStoreIsBoundedInHistoryBytesAsConfigured() {
		this.contextRunner.withPropertyValues("acp.sessions.max-history-size=1MB", "acp.sessions.memory.max-size=2MB")
			.run((context) -> {
				InMemoryAcpSessionStore store = context.getBean(InMemoryAcpSessionStore.class);
				Instant now = Instant.now();
				store.save(
						new AcpSessionData("a", "/w", List.of(), List.of(), null, null, Map.of(), Map.of(), now, now));
				for (int i = 0; i < 20; i++) {
					store.append("a", List
						.of(new SessionUpdate.AgentMessageChunk(ContentBlock.text("x".repeat(200_000)), null, null)));
				}
				assertThat(store.historySize("a")).isPositive().isLessThanOrEqualTo(1024 * 1024);
			});
	}

	@Test
	void disabledSessionsCreateNothingAndAdvertiseNothing() {
		this.contextRunner.withPropertyValues("acp.sessions.enabled=false").run((context) -> {
			assertThat(context).doesNotHaveBean(AcpSessionStore.class);
			assertThat(context).doesNotHaveBean(AcpSessions.class);
			assertThat(context.getBean(AcpCapabilityAdvertiser.class).capabilities().loadSession()).isNull();
			assertThat(context.getBean(AcpCapabilityAdvertiser.class).capabilities().sessionCapabilities()).isNull();
		});
	}

	@Test
	void disabledAgentCreatesNoSessions() {
		this.contextRunner.withPropertyValues("acp.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(AcpSessions.class));
	}

	@Test
	void aStoreBeanOfTheApplicationWins() {
		this.contextRunner.withUserConfiguration(UserStoreConfiguration.class).run((context) -> {
			assertThat(context).doesNotHaveBean(InMemoryAcpSessionStore.class);
			assertThat(context.getBean(AcpSessions.class).store()).isInstanceOf(NoStore.class);
		});
	}

	@Test
	void theJdbcStoreWithoutAStoreBeanFailsStartUpNamingIt() {
		this.contextRunner.withPropertyValues("acp.sessions.store=jdbc").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("acp.sessions.store=jdbc needs one AcpSessionStore bean and there is none");
		});
	}

	@Test
	void aSessionLoadHandlerOfTheApplicationWinsAndTheFlagStays() {
		this.contextRunner.withUserConfiguration(UserLoadConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(DefaultAcpSessions.class);
			assertThat(context.getBean(AcpCapabilityAdvertiser.class).capabilities().loadSession()).isTrue();
			assertThat(context.getBean(dev.acp.spring.method.support.AcpMethodRegistry.class)
				.find("session/load")
				.beanName()).isEqualTo("userLoad");
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class UserStoreConfiguration {

		@Bean
		NoStore userStore() {
			return new NoStore();
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class UserLoadConfiguration {

		@Bean
		UserLoad userLoad() {
			return new UserLoad();
		}

	}

	static class UserLoad {

		@AcpMethod("session/load")
		LoadSessionResponse load(JsonNode params) {
			return new LoadSessionResponse();
		}

	}

	static class NoStore implements AcpSessionStore {

		@Override
		public void save(AcpSessionData session) {
		}

		@Override
		public @Nullable AcpSessionData find(String sessionId) {
			return null;
		}

		@Override
		public void append(String sessionId, List<SessionUpdate> updates) {
		}

		@Override
		public void replay(String sessionId, Consumer<SessionUpdate> consumer) {
		}

		@Override
		public AcpSessionPage list(@Nullable String owner, @Nullable String cwd, @Nullable String cursor,
				int pageSize) {
			return new AcpSessionPage(List.of(), null);
		}

		@Override
		public boolean delete(String sessionId) {
			return false;
		}

		@Override
		public boolean claim(String sessionId, String owner, Instant until) {
			return false;
		}

		@Override
		public void release(String sessionId, String owner) {
		}

	}

}
