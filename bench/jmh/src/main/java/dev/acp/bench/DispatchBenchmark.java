package dev.acp.bench;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import dev.acp.spring.annotation.AcpMethod;
import dev.acp.spring.jsonrpc.JsonRpcConnection;
import dev.acp.spring.jsonrpc.JsonRpcConnectionFactory;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.stereotype.Component;

/**
 * One request through the whole agent in process: frame in, decode, dispatch to an
 * annotated handler on a handler thread, bind, invoke, encode, frame out.
 *
 * @author ACP Spring Boot Starter contributors
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class DispatchBenchmark {

	/**
	 * Whether calls are observed: {@code none} (no registry, the default of an
	 * application without Actuator) or {@code metrics} (an observation registry timing
	 * every call into a meter registry).
	 */
	@Param({ "none", "metrics" })
	public String observations;

	private ConfigurableApplicationContext context;

	private JsonRpcConnection connection;

	private final BlockingQueue<byte[]> answers = new LinkedBlockingQueue<>();

	private final byte[] request = ("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"_bench.acp/sum\",\"params\":"
			+ "{\"values\":[1,2,3,4,5,6,7,8],\"label\":\"eight numbers\"}}")
		.getBytes(StandardCharsets.UTF_8);

	@Setup(Level.Trial)
	public void start() throws InterruptedException {
		SpringApplicationBuilder application = new SpringApplicationBuilder(BenchApplication.class)
			.web(WebApplicationType.NONE)
			.properties("acp.transport=none", "logging.level.root=WARN", "spring.main.banner-mode=off");
		if (this.observations.equals("metrics")) {
			ObservationRegistry registry = ObservationRegistry.create();
			registry.observationConfig()
				.observationHandler(new DefaultMeterObservationHandler(new SimpleMeterRegistry()));
			application
				.initializers((context) -> context.getBeanFactory().registerSingleton("observationRegistry", registry));
		}
		this.context = application.run();
		this.connection = this.context.getBean(JsonRpcConnectionFactory.class).open("bench", this.answers::add);
		byte[] initialize = "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":1}}"
			.getBytes(StandardCharsets.UTF_8);
		this.connection.receive(initialize, 0, initialize.length);
		this.answers.take();
	}

	@TearDown(Level.Trial)
	public void stop() {
		this.context.close();
	}

	private final byte[] inlineRequest = ("{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"_bench.acp/sumInline\",\"params\":"
			+ "{\"values\":[1,2,3,4,5,6,7,8],\"label\":\"eight numbers\"}}")
		.getBytes(StandardCharsets.UTF_8);

	/**
	 * A request to a handler on a handler thread.
	 * @return the answer
	 * @throws InterruptedException if interrupted
	 */
	@Benchmark
	public byte[] requestRoundTrip() throws InterruptedException {
		this.connection.receive(this.request, 0, this.request.length);
		return this.answers.take();
	}

	/**
	 * A request to a {@code nonBlocking} handler, answered on the calling thread.
	 * @return the answer
	 */
	@Benchmark
	public byte[] nonBlockingRoundTrip() {
		this.connection.receive(this.inlineRequest, 0, this.inlineRequest.length);
		return this.answers.poll();
	}

	/**
	 * The application of the benchmark.
	 */
	@SpringBootApplication
	public static class BenchApplication {

	}

	/**
	 * The handler under test.
	 */
	@Component
	public static class SumHandler {

		@AcpMethod(value = "_bench.acp/sumInline", nonBlocking = true)
		public Map<String, Object> sumInline(SumParams params) {
			return sum(params);
		}

		@AcpMethod("_bench.acp/sum")
		public Map<String, Object> sum(SumParams params) {
			int total = 0;
			for (int value : params.values()) {
				total += value;
			}
			return Map.of("label", params.label(), "total", total);
		}

	}

	/**
	 * Params of the handler.
	 *
	 * @param values numbers to add
	 * @param label a label echoed back
	 */
	public record SumParams(int[] values, String label) {
	}

}
