package dev.acp.spring.fastlaunch;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Tests for {@link RegistryDistribution}.
 *
 * @author ACP Spring Boot Starter contributors
 */
class RegistryDistributionTests {

	@Test
	void platformsAreNamedAsTheRegistryNamesThem() {
		assertThat(RegistryDistribution.platform("Linux", "amd64")).isEqualTo("linux-x86_64");
		assertThat(RegistryDistribution.platform("Linux", "aarch64")).isEqualTo("linux-aarch64");
		assertThat(RegistryDistribution.platform("Mac OS X", "aarch64")).isEqualTo("darwin-aarch64");
		assertThat(RegistryDistribution.platform("Mac OS X", "x86_64")).isEqualTo("darwin-x86_64");
		assertThat(RegistryDistribution.platform("Windows 11", "amd64")).isEqualTo("windows-x86_64");
	}

	@Test
	void theEntryIsABinaryDistributionWithArchiveCmdAndArgs() {
		assertThat(RegistryDistribution.json("linux-x86_64", "my-agent-linux-x86_64.tar.gz", "my-agent"))
			.isEqualToIgnoringWhitespace("""
					{"distribution": {"binary": {"linux-x86_64": {
					  "archive": "https://example.com/REPLACE-WITH-WHERE-YOU-PUBLISH-IT/my-agent-linux-x86_64.tar.gz",
					  "cmd": "./my-agent", "args": []}}}}""");
	}

}
