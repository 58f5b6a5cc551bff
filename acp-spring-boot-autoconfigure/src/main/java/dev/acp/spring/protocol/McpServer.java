package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * An MCP server the agent should connect to: {@code http} and {@code sse} carry a
 * {@code type}, stdio servers have none. Transports this version does not know are kept
 * whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = McpServer.Deserializer.class)
public sealed interface McpServer permits McpServer.Http, McpServer.Sse, McpServer.Stdio, McpServer.Unknown {

	/**
	 * HTTP transport configuration for MCP.
	 *
	 * @param name human-readable name identifying this MCP server
	 * @param url URL to the MCP server
	 * @param headers HTTP headers to set when making requests to the MCP server
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	record Http(String name, String url, List<HttpHeader> headers,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements McpServer {

		public Http {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(name, "name");
			Objects.requireNonNull(url, "url");
			Objects.requireNonNull(headers, "headers");
		}

		public Http(String name, String url, List<HttpHeader> headers, @Nullable Map<String, Object> meta) {
			this(name, url, headers, meta, Map.of());
		}

		public Http(String name, String url, List<HttpHeader> headers) {
			this(name, url, headers, null, Map.of());
		}

		@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
		public String type() {
			return "http";
		}

	}

	/**
	 * SSE transport configuration for MCP.
	 *
	 * @param name human-readable name identifying this MCP server
	 * @param url URL to the MCP server
	 * @param headers HTTP headers to set when making requests to the MCP server
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	record Sse(String name, String url, List<HttpHeader> headers,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements McpServer {

		public Sse {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(name, "name");
			Objects.requireNonNull(url, "url");
			Objects.requireNonNull(headers, "headers");
		}

		public Sse(String name, String url, List<HttpHeader> headers, @Nullable Map<String, Object> meta) {
			this(name, url, headers, meta, Map.of());
		}

		public Sse(String name, String url, List<HttpHeader> headers) {
			this(name, url, headers, null, Map.of());
		}

		@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
		public String type() {
			return "sse";
		}

	}

	/**
	 * Stdio transport configuration for MCP.
	 *
	 * @param name human-readable name identifying this MCP server
	 * @param command absolute path to the MCP server executable
	 * @param args command-line arguments to pass to the MCP server
	 * @param env environment variables to set when launching the MCP server
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	record Stdio(String name, String command, List<String> args, List<EnvVariable> env,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements McpServer {

		public Stdio {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(name, "name");
			Objects.requireNonNull(command, "command");
			Objects.requireNonNull(args, "args");
			Objects.requireNonNull(env, "env");
		}

		public Stdio(String name, String command, List<String> args, List<EnvVariable> env,
				@Nullable Map<String, Object> meta) {
			this(name, command, args, env, meta, Map.of());
		}

		public Stdio(String name, String command, List<String> args, List<EnvVariable> env) {
			this(name, command, args, env, null, Map.of());
		}

	}

	/**
	 * A server of a transport this version does not know, kept whole and written back as
	 * received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements McpServer {

	}

	/**
	 * Reads McpServer values, keeping unknown kinds.
	 */
	final class Deserializer extends TaggedUnionDeserializer<McpServer> {

		Deserializer() {
			super(McpServer.class, "type", Map.of("http", Http.class, "sse", Sse.class, "stdio", Stdio.class),
					Unknown::new, Stdio.class);
		}

	}

}
