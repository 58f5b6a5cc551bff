package dev.acp.spring.agent;

import java.util.ArrayList;
import java.util.List;

import dev.acp.spring.session.AcpSessionStore;
import dev.acp.spring.session.InMemoryAcpSessionStore;

import org.springframework.context.ApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link AcpSessionOwnershipTests} on the {@link InMemoryAcpSessionStore}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class InMemoryAcpSessionOwnershipTests extends AcpSessionOwnershipTests {

	@Override
	protected String storedText(ApplicationContext context, String sessionId) {
		AcpSessionStore store = context.getBean(AcpSessionStore.class);
		assertThat(store).isInstanceOf(InMemoryAcpSessionStore.class);
		List<String> text = new ArrayList<>();
		text.add(String.valueOf(store.find(sessionId)));
		store.replay(sessionId, (update) -> text.add(update.toString()));
		return String.join("\n", text);
	}

}
