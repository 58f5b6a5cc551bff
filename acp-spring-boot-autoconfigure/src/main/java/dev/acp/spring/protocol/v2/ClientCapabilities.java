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
 * Capabilities supported by the client.
 *
 * @param auth authentication capabilities supported by the client
 * @param elicitation elicitation capabilities supported by the client
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClientCapabilities(
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable ClientAuthCapabilities auth,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable ElicitationCapabilities elicitation,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ClientCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public ClientCapabilities(@Nullable ClientAuthCapabilities auth, @Nullable ElicitationCapabilities elicitation,
			@Nullable Map<String, Object> meta) {
		this(auth, elicitation, meta, Map.of());
	}

	public ClientCapabilities() {
		this(null, null, null, Map.of());
	}

}
