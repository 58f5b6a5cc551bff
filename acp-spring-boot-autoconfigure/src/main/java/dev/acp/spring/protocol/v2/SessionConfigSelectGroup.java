package dev.acp.spring.protocol.v2;

import java.util.List;
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
 * A group of possible values for a session configuration option.
 *
 * @param groupId unique identifier for this group
 * @param name human-readable label for this group
 * @param options the set of option values in this group
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SessionConfigSelectGroup(String groupId, String name,
		@JsonDeserialize(using = SkipInvalidItemsDeserializer.OrEmpty.class) List<SessionConfigSelectOption> options,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public SessionConfigSelectGroup {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(groupId, "groupId");
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(options, "options");
	}

	public SessionConfigSelectGroup(String groupId, String name, List<SessionConfigSelectOption> options,
			@Nullable Map<String, Object> meta) {
		this(groupId, name, options, meta, Map.of());
	}

	public SessionConfigSelectGroup(String groupId, String name, List<SessionConfigSelectOption> options) {
		this(groupId, name, options, null, Map.of());
	}

}
