package dev.acp.spring.lincheck;

import java.util.ArrayList;
import java.util.List;

import org.jetbrains.lincheck.Lincheck;

/**
 * Runs a scenario under Lincheck's model checker: the threads it starts are interleaved
 * in as many distinct ways as asked, and the first interleaving that fails is reported
 * with its trace. AssertJ's assertions must not be used inside a scenario (Lincheck calls
 * {@code equals} on them, which AssertJ forbids): use {@link #check(boolean, String)}.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class Interleavings {

	private Interleavings() {
	}

	/**
	 * Explore interleavings of a scenario.
	 * @param invocations the most interleavings explored
	 * @param scenario builds fresh state, runs its threads, checks the rule
	 */
	public static void explore(int invocations, Runnable scenario) {
		Lincheck.runConcurrentTest(invocations, scenario);
	}

	/**
	 * Run each actor on a thread of its own and wait for all of them.
	 * @param actors the actors
	 */
	public static void inParallel(Runnable... actors) {
		List<Thread> threads = new ArrayList<>(actors.length);
		for (Runnable actor : actors) {
			Thread thread = new Thread(actor);
			threads.add(thread);
			thread.start();
		}
		for (Thread thread : threads) {
			join(thread);
		}
	}

	/**
	 * Fail the interleaving unless a condition holds.
	 * @param condition the condition
	 * @param failure what failed
	 */
	public static void check(boolean condition, String failure) {
		if (!condition) {
			throw new AssertionError(failure);
		}
	}

	private static void join(Thread thread) {
		try {
			thread.join();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

}
