package dev.acp.spring.transport.websocket;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Tests for {@link AllowedHosts}: the rule by the address a request reached the server
 * on.
 *
 * @author ACP Spring Boot Starter contributors
 */
class AllowedHostsTests {

	@Test
	void onALoopbackAddressOnlyLoopbackNamesAreServed() {
		AllowedHosts hosts = new AllowedHosts(List.of());
		for (String local : List.of("127.0.0.1", "127.0.1.1", "0:0:0:0:0:0:0:1", "::1", "[::1]", "::ffff:127.0.0.1")) {
			assertThat(hosts.allows("localhost:8080", local)).as(local).isTrue();
			assertThat(hosts.allows("127.0.0.1:8080", local)).as(local).isTrue();
			assertThat(hosts.allows("[::1]:8080", local)).as(local).isTrue();
			assertThat(hosts.allows("rebind.example:8080", local)).as(local).isFalse();
			assertThat(hosts.allows("10.0.0.5:8080", local)).as(local).isFalse();
			assertThat(hosts.allows(null, local)).as(local).isFalse();
			assertThat(hosts.allows("", local)).as(local).isFalse();
		}
	}

	@Test
	void anUnknownLocalAddressIsTakenAsLoopback() {
		AllowedHosts hosts = new AllowedHosts(List.of());
		assertThat(hosts.allows("rebind.example", null)).isFalse();
		assertThat(hosts.allows("rebind.example", "")).isFalse();
		// a name is never resolved: it counts as loopback
		assertThat(hosts.allows("rebind.example", "example.com")).isFalse();
	}

	@Test
	void onAnotherAddressAnyHostIsServedUntilHostsAreConfigured() {
		assertThat(new AllowedHosts(List.of()).allows("agent.example.com", "10.0.0.5")).isTrue();
		assertThat(new AllowedHosts(List.of()).allows("agent.example.com", "2001:db8::5")).isTrue();
		AllowedHosts configured = new AllowedHosts(List.of("agent.example.com", "[2001:db8::5]:8443"));
		assertThat(configured.allows("Agent.Example.COM:443", "10.0.0.5")).isTrue();
		assertThat(configured.allows("[2001:db8::5]", "10.0.0.5")).isTrue();
		assertThat(configured.allows("localhost:8080", "10.0.0.5")).isTrue();
		assertThat(configured.allows("10.0.0.5:8080", "10.0.0.5")).isFalse();
		assertThat(configured.allows("agent.example.com.evil.org", "10.0.0.5")).isFalse();
	}

	@Test
	void malformedHostValuesAreRefused() {
		AllowedHosts hosts = new AllowedHosts(List.of("agent.example.com"));
		assertThat(hosts.allows("localhost:80x", "127.0.0.1")).isFalse();
		assertThat(hosts.allows("user@localhost", "127.0.0.1")).isFalse();
		assertThat(hosts.allows("[::1", "127.0.0.1")).isFalse();
		assertThat(hosts.allows("agent.example.com/x", "10.0.0.5")).isFalse();
	}

	@Test
	void aStarServesEveryHost() {
		assertThat(new AllowedHosts(List.of("*")).allows("rebind.example", "127.0.0.1")).isTrue();
	}

	@Test
	void aConfiguredValueThatIsNoHostIsRejected() {
		assertThatIllegalArgumentException().isThrownBy(() -> new AllowedHosts(List.of("https://agent.example.com")));
		assertThatIllegalArgumentException().isThrownBy(() -> new AllowedHosts(List.of(" ")));
	}

}
