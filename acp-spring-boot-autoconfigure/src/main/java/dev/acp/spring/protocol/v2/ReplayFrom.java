package dev.acp.spring.protocol.v2;

import java.util.Map;

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
 * Inclusive cursor describing where replayed session history should begin. Discriminated
 * by {@code type}. Closed: an unknown type fails.
 *
 * @author ACP Spring Boot Starter contributors
 */
@JsonDeserialize(using = ReplayFrom.Deserializer.class)
public sealed interface ReplayFrom permits ReplayFrom.Start {

	/**
	 * The discriminator.
	 * @return the {@code type} value
	 */
	@JsonProperty(value = "type", access = JsonProperty.Access.READ_ONLY)
	default String type() {
		return TaggedUnionDeserializer.tagOf(getClass());
	}

	/**
	 * Replay all retained conversation history from its first replayable entry.
	 *
	 * @param meta the {@code _meta} object
	 * @param unknown fields this version does not know, kept to be written back
	 */
	@JsonInclude(JsonInclude.Include.NON_NULL)
	@JsonDeserialize(using = ValueDeserializer.None.class)
	@JsonIgnoreProperties(value = "type", allowGetters = true)
	@JsonPropertyOrder({ "type" })
	@JsonTypeName("start")
	record Start(
			@JsonDeserialize(
					using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
			@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) implements ReplayFrom {

		public Start {
			unknown = UnknownFields.of(unknown);
		}

		public Start(@Nullable Map<String, Object> meta) {
			this(meta, Map.of());
		}

		public Start() {
			this(null, Map.of());
		}

	}

	/**
	 * Reads ReplayFrom values, failing on unknown variants.
	 */
	final class Deserializer extends TaggedUnionDeserializer<ReplayFrom> {

		Deserializer() {
			super(ReplayFrom.class, "type", null);
		}

	}

}
