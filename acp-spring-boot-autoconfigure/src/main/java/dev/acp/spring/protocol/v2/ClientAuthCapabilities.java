package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.acp.spring.protocol.UnknownFields;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.annotation.JsonDeserialize;

/**
 * Authentication capabilities supported by the client.
 *
 * @param terminal whether the client supports {@code terminal} authentication methods
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClientAuthCapabilities(
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable TerminalAuthCapabilities terminal,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ClientAuthCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public ClientAuthCapabilities(@Nullable TerminalAuthCapabilities terminal, @Nullable Map<String, Object> meta) {
		this(terminal, meta, Map.of());
	}

	public ClientAuthCapabilities() {
		this(null, null, Map.of());
	}

}
