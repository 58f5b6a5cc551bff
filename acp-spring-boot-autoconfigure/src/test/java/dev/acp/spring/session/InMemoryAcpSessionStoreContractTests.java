package dev.acp.spring.session;

import java.time.Clock;
import java.time.Duration;

/**
 * The {@link AcpSessionStoreContractTests store contract} held by
 * {@link InMemoryAcpSessionStore}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class InMemoryAcpSessionStoreContractTests extends AcpSessionStoreContractTests {

	@Override
	protected AcpSessionStore createStore() {
		return new InMemoryAcpSessionStore(1000, MAX_HISTORY, MAX_HISTORY_SIZE, 1000 * MAX_HISTORY_SIZE,
				Duration.ofDays(3650), Clock.systemUTC());
	}

}
