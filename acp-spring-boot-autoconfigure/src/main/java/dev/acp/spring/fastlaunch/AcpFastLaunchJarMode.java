package dev.acp.spring.fastlaunch;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.springframework.boot.loader.jarmode.JarMode;
import org.springframework.boot.loader.jarmode.JarModeErrorException;

/**
 * The Spring Boot jar mode {@code acp-fast-launch}: builds the fast launch of the
 * executable jar it runs from.
 * {@code java -Djarmode=acp-fast-launch -jar target/my-agent.jar --destination target/fast-launch [--jlink]}
 * extracts the jar, trains a class-data archive on a real exchange ({@code initialize},
 * {@code session/new}, end of input) with the JDK that runs it (AOT cache on Java 25 and
 * later, AppCDS before), trains the thin launcher's archive and writes the launcher
 * script, named after the jar. With {@code --jlink} it also packages a self-contained
 * archive for the ACP agent registry's {@code binary} distribution.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpFastLaunchJarMode implements JarMode {

	/**
	 * The jar mode's name.
	 */
	public static final String MODE = "acp-fast-launch";

	private final PrintStream out;

	private final PrintStream err;

	/**
	 * The jar mode as Spring Boot's launcher creates it: its result on standard output,
	 * its progress on standard error.
	 */
	@SuppressWarnings("SystemOut") // a jar mode is a command line: these are its own
									// streams
	public AcpFastLaunchJarMode() {
		this(System.out, System.err);
	}

	AcpFastLaunchJarMode(PrintStream out, PrintStream err) {
		this.out = out;
		this.err = err;
	}

	@Override
	public boolean accepts(String mode) {
		return MODE.equals(mode);
	}

	@Override
	public void run(String mode, String[] args) {
		if (Arrays.asList(args).contains("--help")) {
			this.out.println(FastLaunchOptions.USAGE);
			return;
		}
		FastLaunchOptions options;
		try {
			options = FastLaunchOptions.parse(applicationJar(), Arrays.asList(args));
		}
		catch (IllegalArgumentException ex) {
			throw new JarModeErrorException(ex.getMessage() + System.lineSeparator() + FastLaunchOptions.USAGE);
		}
		PrintWriter log = new PrintWriter(this.err, true, StandardCharsets.UTF_8);
		try {
			Path script = new FastLaunch(options, log).build();
			this.out.println(script);
		}
		catch (IOException ex) {
			throw new JarModeErrorException("Could not write the fast launch: " + ex, ex);
		}
		catch (IllegalStateException ex) {
			throw new JarModeErrorException(ex.getMessage(), ex);
		}
	}

	private static Path applicationJar() {
		String classPath = System.getProperty("java.class.path", "");
		if (classPath.contains(File.pathSeparator) || !classPath.endsWith(".jar")
				|| !Files.isRegularFile(Path.of(classPath))) {
			throw new JarModeErrorException("Run the fast launch from the application's executable jar: java -Djarmode="
					+ MODE + " -jar <application>.jar");
		}
		return Path.of(classPath);
	}

}
