package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

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
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
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

	/**
	 * A pending entry of medium priority.
	 * @param content what the task does
	 * @return the entry
	 */
	public static PlanEntry pending(String content) {
		return new PlanEntry(content, PlanEntryPriority.MEDIUM, PlanEntryStatus.PENDING);
	}

	/**
	 * An entry in progress, of medium priority.
	 * @param content what the task does
	 * @return the entry
	 */
	public static PlanEntry inProgress(String content) {
		return new PlanEntry(content, PlanEntryPriority.MEDIUM, PlanEntryStatus.IN_PROGRESS);
	}

	/**
	 * A completed entry of medium priority.
	 * @param content what the task did
	 * @return the entry
	 */
	public static PlanEntry completed(String content) {
		return new PlanEntry(content, PlanEntryPriority.MEDIUM, PlanEntryStatus.COMPLETED);
	}

	/**
	 * This entry with another status.
	 * @param status the status
	 * @return a copy
	 */
	public PlanEntry withStatus(PlanEntryStatus status) {
		return new PlanEntry(this.content, this.priority, status, this.meta, this.unknown);
	}

	/**
	 * This entry with another priority.
	 * @param priority the priority
	 * @return a copy
	 */
	public PlanEntry withPriority(PlanEntryPriority priority) {
		return new PlanEntry(this.content, priority, this.status, this.meta, this.unknown);
	}

}
