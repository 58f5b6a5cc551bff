package dev.acp.demo;

import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;

/**
 * A listener that fails the application once it is ready, the last moment a start-up can
 * fail: added to the demo jar by {@link DemoAgentProcess#startWithSource}. Not a
 * component, so the demo's own tests never pick it up.
 *
 * @author ACP Spring Boot Starter contributors
 */
class FailingReadyListener implements ApplicationListener<ApplicationReadyEvent> {

	static final String MESSAGE = "The demo's readiness check failed";

	@Override
	public void onApplicationEvent(ApplicationReadyEvent event) {
		throw new IllegalStateException(MESSAGE);
	}

}
