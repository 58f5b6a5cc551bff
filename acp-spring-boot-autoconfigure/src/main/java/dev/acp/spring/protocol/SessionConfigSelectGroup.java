package dev.acp.spring.protocol;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * A group of possible values for a session configuration option.
 *
 * @param group unique identifier for this group
 * @param name human-readable label for this group
 * @param options the set of option values in this group
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionConfigSelectGroup(String group, String name, List<SessionConfigSelectOption> options,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionConfigSelectGroup {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(group, "group");
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(options, "options");
	}

	public SessionConfigSelectGroup(String group, String name, List<SessionConfigSelectOption> options,
			@Nullable Map<String, Object> meta) {
		this(group, name, options, meta, Map.of());
	}

	public SessionConfigSelectGroup(String group, String name, List<SessionConfigSelectOption> options) {
		this(group, name, options, null, Map.of());
	}

}
