package dev.acp.demo;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.metrics.buffering.BufferingApplicationStartup;
import org.springframework.boot.context.metrics.buffering.StartupTimeline.TimelineEvent;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.metrics.StartupStep;

/**
 * Where the start-up time goes, printed to standard error once the application is ready,
 * when the demo runs with {@code -Dacp.demo.startup-report=true}: the JVM and jar
 * launcher before {@code main} (from the JVM's start time), each phase of Boot's start-up
 * from its {@code ApplicationStartup} steps, and the context refresh split into
 * bean-factory post-processing (configuration classes and auto-configuration conditions)
 * and bean creation by the library of each bean (self time, nested creations counted
 * once).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class StartupReport {

	private static final String PROPERTY = "acp.demo.startup-report";

	private static final int TOP_BEANS = 25;

	private final Instant main = Instant.now();

	private final BufferingApplicationStartup startup = new BufferingApplicationStartup(50_000);

	private StartupReport() {
	}

	/**
	 * A report, when requested; call first thing in {@code main}.
	 * @return the report or {@code null}
	 */
	static StartupReport ifRequested() {
		return Boolean.getBoolean(PROPERTY) ? new StartupReport() : null;
	}

	void record(SpringApplication application) {
		application.setApplicationStartup(this.startup);
	}

	void print(ConfigurableApplicationContext context) {
		Instant ready = Instant.now();
		List<TimelineEvent> events = this.startup.getBufferedTimeline().getEvents();
		Map<Long, Long> childNanos = new HashMap<>();
		for (TimelineEvent event : events) {
			Long parent = event.getStartupStep().getParentId();
			if (parent != null) {
				childNanos.merge(parent, event.getDuration().toNanos(), Long::sum);
			}
		}
		Map<String, Long> phases = new LinkedHashMap<>();
		Map<String, Long> beans = new LinkedHashMap<>();
		Map<String, Long> beanSelf = new HashMap<>();
		for (TimelineEvent event : events) {
			StartupStep step = event.getStartupStep();
			long nanos = event.getDuration().toNanos();
			if (step.getParentId() == null) {
				phases.merge(step.getName(), nanos, Long::sum);
			}
			if (step.getName().equals("spring.context.config-classes.parse")
					|| step.getName().equals("spring.context.beans.post-process")) {
				phases.merge(step.getName(), nanos, Long::sum);
			}
			if (step.getName().equals("spring.beans.instantiate")) {
				long self = nanos - childNanos.getOrDefault(step.getId(), 0L);
				beans.merge(category(context, tag(step, "beanName")), self, Long::sum);
				beanSelf.merge(tag(step, "beanName"), self, Long::sum);
			}
		}
		PrintStream out = System.err;
		out.println("acp-demo start-up report (ms)");
		// The JVM's own start time: the process start time of ProcessHandle is derived
		// from
		// the boot time in whole seconds, and was off by up to a second.
		Instant jvmStart = Instant.ofEpochMilli(ManagementFactory.getRuntimeMXBean().getStartTime());
		out.printf("  JVM start to main (JVM set-up, jar launcher, loading the main class): %d%n",
				Duration.between(jvmStart, this.main).toMillis());
		if (!events.isEmpty()) {
			out.printf("  SpringApplication set-up, main to the first step: %d%n",
					Duration.between(this.main, events.get(0).getStartTime()).toMillis());
		}
		phases.forEach((name, nanos) -> out.printf("  %s: %d%n", name, nanos / 1_000_000));
		beans.forEach(
				(category, nanos) -> out.printf("  beans created (self time), %s: %d%n", category, nanos / 1_000_000));
		out.printf("  main to ready: %d%n", Duration.between(this.main, ready).toMillis());
		out.println("  slowest beans (self time):");
		beanSelf.entrySet()
			.stream()
			.sorted(Map.Entry.<String, Long>comparingByValue().reversed())
			.limit(TOP_BEANS)
			.forEach((bean) -> out.printf("    %s: %d%n", bean.getKey(), bean.getValue() / 1_000_000));
	}

	private static String tag(StartupStep step, String key) {
		for (StartupStep.Tag tag : step.getTags()) {
			if (tag.getKey().equals(key)) {
				return tag.getValue();
			}
		}
		return null;
	}

	private static String category(ConfigurableApplicationContext context, String beanName) {
		Class<?> type = null;
		try {
			type = (beanName != null) ? context.getBeanFactory().getType(beanName) : null;
		}
		catch (RuntimeException ex) {
			// an unresolvable type is reported as other
		}
		String name = (type != null) ? type.getName() : String.valueOf(beanName);
		if (name.startsWith("dev.acp.")) {
			return "ACP starter and demo";
		}
		if (name.contains("jackson")) {
			return "Jackson";
		}
		if (name.contains("validat") || name.startsWith("org.hibernate.validator")) {
			return "Bean Validation";
		}
		if (name.contains("opentelemetry") || name.contains("tracing") || name.contains("Tracer")
				|| name.contains("Propagat")) {
			return "tracing (Micrometer Tracing, OpenTelemetry)";
		}
		if (name.startsWith("io.micrometer") || name.contains(".actuate.") || name.contains(".health.")
				|| name.contains(".micrometer.") || name.contains("Metrics") || name.contains("Observation")) {
			return "Actuator, metrics, observation";
		}
		if (name.contains(".web.") || name.contains("tomcat") || name.contains("servlet")) {
			return "web";
		}
		return "other (Boot and Spring infrastructure)";
	}

}
