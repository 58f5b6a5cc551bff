package dev.acp.spring.protocol.v2;

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
 * Request parameters for setting a session configuration option. Discriminated by
 * {@code type}. Closed: an unknown type fails.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = SetSessionConfigOptionRequest.Deserializer.class)
public sealed interface SetSessionConfigOptionRequest
		permits SetSessionConfigOptionRequest.Id, SetSessionConfigOptionRequest.BooleanValue {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * A {@code SessionConfigValueId} string value ({@code type: "id"}).
	 *
	 * @param sessionId the ID of the session to set the configuration option for
	 * @param configId the ID of the configuration option to set
	 * @param value the value ID
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("id")
	record Id(String sessionId, String configId, String value,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SetSessionConfigOptionRequest {

		public Id {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(sessionId, "sessionId");
			Objects.requireNonNull(configId, "configId");
			Objects.requireNonNull(value, "value");
		}

		public Id(String sessionId, String configId, String value, @Nullable Map<String, Object> meta) {
			this(sessionId, configId, value, meta, Map.of());
		}

		public Id(String sessionId, String configId, String value) {
			this(sessionId, configId, value, null, Map.of());
		}

	}

	/**
	 * A boolean value ({@code type: "boolean"}).
	 *
	 * @param sessionId the ID of the session to set the configuration option for
	 * @param configId the ID of the configuration option to set
	 * @param value the boolean value
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("boolean")
	record BooleanValue(String sessionId, String configId, Boolean value,
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements SetSessionConfigOptionRequest {

		public BooleanValue {
			unknown = UnknownFields.of(unknown);
			Objects.requireNonNull(sessionId, "sessionId");
			Objects.requireNonNull(configId, "configId");
			Objects.requireNonNull(value, "value");
		}

		public BooleanValue(String sessionId, String configId, Boolean value, @Nullable Map<String, Object> meta) {
			this(sessionId, configId, value, meta, Map.of());
		}

		public BooleanValue(String sessionId, String configId, Boolean value) {
			this(sessionId, configId, value, null, Map.of());
		}

	}

	/**
	 * Reads SetSessionConfigOptionRequest values, failing on unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<SetSessionConfigOptionRequest> {

		Deserializer() {
			super(SetSessionConfigOptionRequest.class, "type", null);
		}

	}

}
