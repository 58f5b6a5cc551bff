package dev.acp.spring.protocol.v2;

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
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.acp.spring.protocol.TaggedUnionDeserializer;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.node.ObjectNode;

/**
 * Describes an available authentication method. Discriminated by {@code type}. Variants
 * this version does not know are kept whole as {@link Unknown}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = AuthMethod.Deserializer.class)
public sealed interface AuthMethod permits AuthMethod.Terminal, AuthMethod.Agent, AuthMethod.Unknown {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * Client runs the configured agent program as a separate interactive process, without
	 * passing this method to {@code auth/login}.
	 *
	 * @param methodId unique identifier for this authentication method
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
	@JsonTypeName("terminal")
	record Terminal(String methodId, String name,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
			@Nullable List<String> args, @Nullable List<EnvVariable> env,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements AuthMethod {

		public Terminal {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(methodId, "methodId");
			Objects.requireNonNull(name, "name");
		}

		public Terminal(String methodId, String name, @Nullable String description, @Nullable List<String> args,
				@Nullable List<EnvVariable> env, @Nullable Map<String, Object> meta) {
			this(methodId, name, description, args, env, meta, Map.of());
		}

		public Terminal(String methodId, String name) {
			this(methodId, name, null, null, null, null, Map.of());
		}

	}

	/**
	 * Agent handles authentication itself through {@code auth/login}.
	 *
	 * @param methodId unique identifier for this authentication method
	 * @param name human-readable name of the authentication method
	 * @param description optional human-readable description of this authentication
	 * method
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("agent")
	record Agent(String methodId, String name,
			@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String description,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements AuthMethod {

		public Agent {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(methodId, "methodId");
			Objects.requireNonNull(name, "name");
		}

		public Agent(String methodId, String name, @Nullable String description, @Nullable Map<String, Object> meta) {
			this(methodId, name, description, meta, Map.of());
		}

		public Agent(String methodId, String name) {
			this(methodId, name, null, null, Map.of());
		}

	}

	/**
	 * A variant this version does not know, kept whole and written back as received.
	 *
	 * @param type the discriminator
	 * @param raw the whole object
	 */
	record Unknown(@JsonIgnore String type, @JsonValue ObjectNode raw) implements AuthMethod {

	}

	/**
	 * Reads AuthMethod values, keeping unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<AuthMethod> {

		Deserializer() {
			super(AuthMethod.class, "type", Unknown::new);
		}

	}

}
