package dev.acp.spring.fastlaunch;

import java.util.Locale;

/**
 * The ACP agent registry's {@code binary} distribution for one platform: an archive per
 * platform, with the command to run in it ({@code cmd}) and its arguments.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class RegistryDistribution {

	private RegistryDistribution() {
	}

	/**
	 * The registry's name of a platform, such as {@code linux-x86_64} or
	 * {@code darwin-aarch64}.
	 * @param osName the {@code os.name} system property
	 * @param osArch the {@code os.arch} system property
	 * @return the platform
	 */
	static String platform(String osName, String osArch) {
		String os = osName.toLowerCase(Locale.ROOT);
		String system = os.startsWith("linux") ? "linux" : (os.startsWith("mac") || os.startsWith("darwin")) ? "darwin"
				: os.startsWith("windows") ? "windows" : os.replaceAll("[^a-z0-9]", "");
		String arch = switch (osArch.toLowerCase(Locale.ROOT)) {
			case "amd64", "x86_64" -> "x86_64";
			case "aarch64", "arm64" -> "aarch64";
			default -> osArch.toLowerCase(Locale.ROOT);
		};
		return system + "-" + arch;
	}

	/**
	 * The {@code distribution} object of an {@code agent.json} for one archive.
	 * @param platform the platform
	 * @param archiveFileName the archive's file name (the URL it is published at replaces
	 * the placeholder)
	 * @param command the command in the archive, relative to where it is unpacked
	 * @return the JSON text
	 */
	static String json(String platform, String archiveFileName, String command) {
		return """
				{
				  "distribution": {
				    "binary": {
				      "%s": {
				        "archive": "https://example.com/REPLACE-WITH-WHERE-YOU-PUBLISH-IT/%s",
				        "cmd": "./%s",
				        "args": []
				      }
				    }
				  }
				}
				""".formatted(platform, archiveFileName, command);
	}

}
