package dev.acp.demo;

import org.springframework.boot.CommandLineRunner;

/**
 * A runner whose start-up check fails, as an application's own runner may: added to the
 * demo jar by {@link DemoAgentProcess#startWithSource}. Not a component, so the demo's
 * own tests never pick it up.
 *
 * @author ACP Spring Boot Starter contributors
 */
class FailingStartupRunner implements CommandLineRunner {

	static final String MESSAGE = "The demo's start-up check failed";

	@Override
	public void run(String... args) {
		throw new IllegalStateException(MESSAGE);
	}

}
