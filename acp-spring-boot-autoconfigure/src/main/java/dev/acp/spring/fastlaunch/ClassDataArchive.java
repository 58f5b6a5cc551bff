package dev.acp.spring.fastlaunch;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * How a JVM of a given version trains and uses a class-data archive.
 *
 * @author ACP Spring Boot Starter contributors
 */
enum ClassDataArchive {

	/**
	 * Java 25 and newer: the AOT cache (JEP 483, 514, 515), found again wherever the
	 * directory is moved.
	 */
	AOT_CACHE("aot"),

	/**
	 * Java 17 to 24: a dynamic AppCDS archive, tied to the absolute class path it was
	 * trained with.
	 */
	APP_CDS("jsa"),

	/**
	 * Java 19 to 24, for a directory that is moved after training (the self-contained
	 * archive): AppCDS that the JVM writes again at exit where the trained one does not
	 * match.
	 */
	APP_CDS_AUTO_CREATE("jsa"),

	/**
	 * Java 17 and 18, for a directory that is moved after training: no archive of the
	 * application (the runtime's own default archive only).
	 */
	NONE(null);

	private final @Nullable String extension;

	ClassDataArchive(@Nullable String extension) {
		this.extension = extension;
	}

	/**
	 * The archive for a launch that stays where it was trained.
	 * @param javaVersion the feature version of the JVM
	 * @return the archive kind
	 */
	static ClassDataArchive forJava(int javaVersion) {
		return (javaVersion >= 25) ? AOT_CACHE : APP_CDS;
	}

	/**
	 * The archive for a launch that is unpacked somewhere else than where it was trained.
	 * @param javaVersion the feature version of the JVM
	 * @return the archive kind
	 */
	static ClassDataArchive forRelocatedJava(int javaVersion) {
		if (javaVersion >= 25) {
			return AOT_CACHE;
		}
		return (javaVersion >= 19) ? APP_CDS_AUTO_CREATE : NONE;
	}

	boolean present() {
		return this.extension != null;
	}

	String fileName(String base) {
		return base + "." + this.extension;
	}

	List<String> trainOptions(String path) {
		return switch (this) {
			case AOT_CACHE -> List.of("-XX:AOTCacheOutput=" + path);
			case APP_CDS, APP_CDS_AUTO_CREATE -> List.of("-XX:ArchiveClassesAtExit=" + path);
			case NONE -> List.of();
		};
	}

	List<String> useOptions(String path) {
		return switch (this) {
			case AOT_CACHE -> List.of("-XX:AOTCache=" + path);
			case APP_CDS -> List.of("-XX:SharedArchiveFile=" + path);
			case APP_CDS_AUTO_CREATE -> List.of("-XX:+AutoCreateSharedArchive", "-XX:SharedArchiveFile=" + path);
			case NONE -> List.of();
		};
	}

	/**
	 * The option that makes the JVM refuse to start without the archive, for checks.
	 * @return the option, or {@code null} for {@link #NONE}
	 */
	@Nullable String requireOption() {
		return switch (this) {
			case AOT_CACHE -> "-XX:AOTMode=on";
			case APP_CDS, APP_CDS_AUTO_CREATE -> "-Xshare:on";
			case NONE -> null;
		};
	}

}
