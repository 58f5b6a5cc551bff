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
 * A single entry in the execution plan.
 *
 * @param content human-readable description of what this task aims to accomplish
 * @param priority the relative importance of this task
 * @param status current execution status of this task
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PlanEntry(String content, PlanEntryPriority priority, PlanEntryStatus status,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public PlanEntry {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(content, "content");
		Objects.requireNonNull(priority, "priority");
		Objects.requireNonNull(status, "status");
	}

	public PlanEntry(String content, PlanEntryPriority priority, PlanEntryStatus status,
			@Nullable Map<String, Object> meta) {
		this(content, priority, status, meta, Map.of());
	}

	public PlanEntry(String content, PlanEntryPriority priority, PlanEntryStatus status) {
		this(content, priority, status, null, Map.of());
	}

}
