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
 * A way to authenticate: {@code terminal} carries a {@code type}, the default
 * agent-handled method has none. Types this version does not know are kept whole as
 * {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = AuthMethod.Deserializer.class)
public sealed interface AuthMethod permits AuthMethod.Terminal, AuthMethod.Agent, AuthMethod.Unknown {

	/**
	 * Terminal-based authentication method.
	 *
	 * @param id unique identifier for this authentication method
	 * @param name human-readable name of the authentication method
	 * @param description optional human-readable description of this authentication
	 * method
	 * @param args additional arguments to append to the configured agent invocation for
	 * terminal auth
	 * @param env additional environment variables to set on the configured agent
	 * invocation for terminal auth
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	record Terminal(String id, String name, @Nullable String description, @Nullable List<String> args,
			@Nullable Map<String, String> env, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements AuthMethod {

		public Terminal {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(id, "id");
			Objects.requireNonNull(name, "name");
		}

		public Terminal(String id, String name, @Nullable String description, @Nullable List<String> args,
				@Nullable Map<String, String> env, @Nullable Map<String, Object> meta) {
			this(id, name, description, args, env, meta, Map.of());
		}

		public Terminal(String id, String name, @Nullable String description, @Nullable List<String> args,
				@Nullable Map<String, String> env) {
			this(id, name, description, args, env, null, Map.of());
		}

		public Terminal(String id, String name) {
			this(id, name, null, null, null, null, Map.of());
		}

		@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
		public String type() {
			return "terminal";
		}

	}

	/**
	 * Agent handles authentication itself through {@code authenticate}.
	 *
	 * @param id unique identifier for this authentication method
	 * @param name human-readable name of the authentication method
	 * @param description optional human-readable description of this authentication
	 * method
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	record Agent(String id, String name, @Nullable String description,
			@JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements AuthMethod {

		public Agent {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(id, "id");
			Objects.requireNonNull(name, "name");
		}

		public Agent(String id, String name, @Nullable String description, @Nullable Map<String, Object> meta) {
			this(id, name, description, meta, Map.of());
		}

		public Agent(String id, String name, @Nullable String description) {
			this(id, name, description, null, Map.of());
		}

		public Agent(String id, String name) {
			this(id, name, null, null, Map.of());
		}

	}

	/**
	 * An authentication method of a type this version does not know, kept whole and
	 * written back as received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements AuthMethod {

	}

	/**
	 * Reads AuthMethod values, keeping unknown kinds.
	 */
	final class Deserializer extends TaggedUnionDeserializer<AuthMethod> {

		Deserializer() {
			super(AuthMethod.class, "type", Map.of("terminal", Terminal.class), Unknown::new, Agent.class);
		}

	}

}
