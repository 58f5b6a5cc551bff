package dev.acp.spring.transport.stdio;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.jspecify.annotations.Nullable;

/**
 * The process's standard streams in stdio mode. {@link #reserveStandardOutput()} keeps
 * the real standard output for protocol messages and points {@code System.out} at
 * standard error, so that nothing else (banner, console logging, a stray {@code println})
 * can reach the protocol stream.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class StdioStreams {

	private static final Object lock = new Object();

	private static @Nullable Reservation reservation;

	private static boolean inputClaimed;

	private StdioStreams() {
	}

	/**
	 * Reserve standard output for protocol messages; idempotent.
	 */
	public static void reserveStandardOutput() {
		synchronized (lock) {
			reserve();
		}
	}

	@SuppressWarnings("SystemOut") // this class owns the process's standard output
	private static Reservation reserve() {
		Reservation current = reservation;
		if (current == null) {
			current = new Reservation(new FileOutputStream(FileDescriptor.out), System.out,
					new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
			System.setOut(current.redirectedOut());
			reservation = current;
		}
		return current;
	}

	/**
	 * Give standard output back to {@code System.out}, when it was reserved before the
	 * transport could be known for sure and turns out not to be stdio; does nothing once
	 * a transport took standard input.
	 */
	@SuppressWarnings("SystemOut") // this class owns the process's standard output
	public static void releaseStandardOutput() {
		synchronized (lock) {
			Reservation current = reservation;
			if (current != null && !inputClaimed) {
				if (System.out == current.redirectedOut()) {
					System.setOut(current.originalOut());
				}
				reservation = null;
			}
		}
	}

	/**
	 * Whether standard output was reserved for protocol messages.
	 * @return whether reserved
	 */
	public static boolean isStandardOutputReserved() {
		synchronized (lock) {
			return reservation != null;
		}
	}

	/**
	 * The stream protocol messages are written to: the real standard output.
	 * @return the stream
	 */
	public static OutputStream protocolOutput() {
		synchronized (lock) {
			return reserve().protocolOut();
		}
	}

	/**
	 * The stream protocol messages are read from: standard input ({@code System.in},
	 * which a test may replace).
	 * @return the stream
	 */
	public static InputStream protocolInput() {
		synchronized (lock) {
			inputClaimed = true;
		}
		return System.in;
	}

	/**
	 * Whether something took standard input to read protocol messages.
	 * @return whether claimed
	 */
	public static boolean isInputClaimed() {
		synchronized (lock) {
			return inputClaimed;
		}
	}

	/**
	 * Standard output as reserved: the stream protocol messages go to, and
	 * {@code System.out} before and after it was pointed at standard error.
	 */
	private record Reservation(OutputStream protocolOut, PrintStream originalOut, PrintStream redirectedOut) {
	}

}
