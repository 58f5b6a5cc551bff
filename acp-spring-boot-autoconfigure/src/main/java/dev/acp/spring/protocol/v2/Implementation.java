package dev.acp.spring.protocol.v2;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Metadata about the implementation of the client or agent.
 *
 * @param name intended for programmatic or logical use, but can be used as a display name
 * fallback if title isn't present
 * @param title intended for UI and end-user contexts and optimized to be human-readable
 * and easily understood
 * @param version version of the implementation
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Implementation(String name,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable String title, String version,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public Implementation {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(version, "version");
	}

	public Implementation(String name, @Nullable String title, String version, @Nullable Map<String, Object> meta) {
		this(name, title, version, meta, Map.of());
	}

	public Implementation(String name, String version) {
		this(name, null, version, null, Map.of());
	}

}
