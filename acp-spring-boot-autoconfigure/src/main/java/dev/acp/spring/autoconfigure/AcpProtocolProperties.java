package dev.acp.spring.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of the ACP protocol versions the agent serves.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.protocol")
public class AcpProtocolProperties {

	/**
	 * ACP protocol versions the agent serves: 1, 2 or both. Each connection gets the
	 * highest served at or below the version its initialize asks for. Version 2 is a
	 * preview; "1,2" serves both side by side.
	 */
	private List<Integer> versions = new ArrayList<>(List.of(1));

	public List<Integer> getVersions() {
		return this.versions;
	}

	public void setVersions(List<Integer> versions) {
		this.versions = versions;
	}

}
