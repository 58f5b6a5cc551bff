package dev.acp.spring.lincheck;

import java.util.ArrayList;
import java.util.List;

import org.jetbrains.lincheck.Lincheck;
import org.jetbrains.lincheck.LincheckSettings;

/**
 * Runs a scenario under Lincheck's model checker: the threads it starts are interleaved
 * in as many distinct ways as asked, and the first interleaving that fails is reported
 * with its trace. AssertJ's assertions must not be used inside a scenario (Lincheck calls
 * {@code equals} on them, which AssertJ forbids): use {@link #check(boolean, String)}.
 * <p>
 * The JDK's classes run as single steps: the model checker switches threads between the
 * calls our code makes to a concurrent map, an atomic or a lock, not inside them (they
 * are linearizable, and we test our use of them). Analysing their insides as well
 * multiplies the time of each interleaving, and on scenarios where two threads write one
 * map Lincheck 3.7 then stops with "Concurrent test has hung". The public
 * {@code Lincheck.runConcurrentTest} offers no such setting: this calls the entry point
 * it delegates to, which takes it.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class Interleavings {

	/**
	 * Lincheck's defaults but for the JDK's classes: not analysed; at most 10 loop
	 * iterations before a thread switch, loops bound at 50, recursion at 20.
	 */
	private static final LincheckSettings SETTINGS = new LincheckSettings(false, 10, 50, 20);

	private Interleavings() {
	}

	/**
	 * Explore interleavings of a scenario. It runs once first outside the model checker:
	 * what runs for the first time in a JVM (class initialization, the linking of string
	 * concatenations and lambdas) is not the code under test, and under the model checker
	 * takes long enough for Lincheck to report a hang.
	 * @param invocations the most interleavings explored
	 * @param scenario builds fresh state, runs its threads, checks the rule
	 */
	public static void explore(int invocations, Runnable scenario) {
		scenario.run();
		Lincheck.runConcurrentTestInternal$lincheck(invocations, SETTINGS, scenario);
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
