package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Information about a command.
 *
 * @param name command name (e.g., {@code create_plan}, {@code research_codebase})
 * @param description human-readable description of what the command does
 * @param input input for the command if required
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AvailableCommand(String name, String description, @Nullable AvailableCommandInput input,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public AvailableCommand {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(description, "description");
	}

	public AvailableCommand(String name, String description, @Nullable AvailableCommandInput input,
			@Nullable Map<String, Object> meta) {
		this(name, description, input, meta, Map.of());
	}

	public AvailableCommand(String name, String description, @Nullable AvailableCommandInput input) {
		this(name, description, input, null, Map.of());
	}

	public AvailableCommand(String name, String description) {
		this(name, description, null, null, Map.of());
	}

}
