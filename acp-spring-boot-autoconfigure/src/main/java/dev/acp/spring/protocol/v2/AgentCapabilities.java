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
 * Capabilities supported by the agent.
 *
 * @param session session capabilities supported by the agent
 * @param auth authentication-related extension capabilities supported by the agent
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AgentCapabilities(
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable SessionCapabilities session,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable AgentAuthCapabilities auth,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public AgentCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public AgentCapabilities(@Nullable SessionCapabilities session, @Nullable AgentAuthCapabilities auth,
			@Nullable Map<String, Object> meta) {
		this(session, auth, meta, Map.of());
	}

	public AgentCapabilities() {
		this(null, null, null, Map.of());
	}

}
