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
 * An option presented to the user when requesting permission.
 *
 * @param optionId identifier for this permission option
 * @param name human-readable label to display to the user
 * @param kind hint about the nature of this permission option
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PermissionOption(String optionId, String name, PermissionOptionKind kind,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public PermissionOption {
		unknown = UnknownFields.of(unknown);
		Objects.requireNonNull(optionId, "optionId");
		Objects.requireNonNull(name, "name");
		Objects.requireNonNull(kind, "kind");
	}

	public PermissionOption(String optionId, String name, PermissionOptionKind kind,
			@Nullable Map<String, Object> meta) {
		this(optionId, name, kind, meta, Map.of());
	}

	public PermissionOption(String optionId, String name, PermissionOptionKind kind) {
		this(optionId, name, kind, null, Map.of());
	}

}
