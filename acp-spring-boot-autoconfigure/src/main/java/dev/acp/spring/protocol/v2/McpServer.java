package dev.acp.spring.protocol.v2;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonTypeName;
import dev.acp.spring.protocol.TaggedUnionDeserializer;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Configuration for connecting to an MCP (Model Context Protocol) server. Discriminated
 * by {@code type}. Closed: an unknown type fails.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = McpServer.Deserializer.class)
public sealed interface McpServer permits McpServer.Http, McpServer.Stdio {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * HTTP transport configuration.
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
	@JsonTypeName("http")
	record Http(String name, String url, @Nullable List<HttpHeader> headers,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements McpServer {

		public Http {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(name, "name");
			Objects.requireNonNull(url, "url");
		}

		public Http(String name, String url, @Nullable List<HttpHeader> headers, @Nullable Map<String, Object> meta) {
			this(name, url, headers, meta, Map.of());
		}

		public Http(String name, String url) {
			this(name, url, null, null, Map.of());
		}

	}

	/**
	 * Stdio transport configuration.
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
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("stdio")
	record Stdio(String name, String command, @Nullable List<String> args, @Nullable List<EnvVariable> env,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements McpServer {

		public Stdio {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(name, "name");
			Objects.requireNonNull(command, "command");
		}

		public Stdio(String name, String command, @Nullable List<String> args, @Nullable List<EnvVariable> env,
				@Nullable Map<String, Object> meta) {
			this(name, command, args, env, meta, Map.of());
		}

		public Stdio(String name, String command) {
			this(name, command, null, null, null, Map.of());
		}

	}

	/**
	 * Reads McpServer values, failing on unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<McpServer> {

		Deserializer() {
			super(McpServer.class, "type", null);
		}

	}

}
