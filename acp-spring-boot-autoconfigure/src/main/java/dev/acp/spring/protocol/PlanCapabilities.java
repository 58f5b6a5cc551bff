package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Client support for the {@code plan_update} and {@code plan_removed} session updates
 * ({@code clientCapabilities.plan}); unstable in the ACP schema.
 *
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlanCapabilities(@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public PlanCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public PlanCapabilities(@Nullable Map<String, Object> meta) {
		this(meta, Map.of());
	}

	public PlanCapabilities() {
		this(null, Map.of());
	}

}
