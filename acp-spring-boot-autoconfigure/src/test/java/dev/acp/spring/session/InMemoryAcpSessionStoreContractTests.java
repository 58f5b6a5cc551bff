package dev.acp.spring.session;

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
		return new InMemoryAcpSessionStore(1000, MAX_HISTORY, Duration.ofDays(3650));
	}

}
