package dev.acp.spring.protocol;

import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * An option presented to the user when requesting permission.
 *
 * @param optionId unique identifier for this permission option
 * @param name human-readable label to display to the user
 * @param kind hint about the nature of this permission option
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PermissionOption(String optionId, String name, PermissionOptionKind kind,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
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

	/**
	 * An option that allows this call only.
	 * @param optionId the id the client answers when the user picks it
	 * @param name the label shown to the user
	 * @return the option
	 */
	public static PermissionOption allowOnce(String optionId, String name) {
		return new PermissionOption(optionId, name, PermissionOptionKind.ALLOW_ONCE);
	}

	/**
	 * An option that allows this call and remembers the choice.
	 * @param optionId the id the client answers when the user picks it
	 * @param name the label shown to the user
	 * @return the option
	 */
	public static PermissionOption allowAlways(String optionId, String name) {
		return new PermissionOption(optionId, name, PermissionOptionKind.ALLOW_ALWAYS);
	}

	/**
	 * An option that rejects this call only.
	 * @param optionId the id the client answers when the user picks it
	 * @param name the label shown to the user
	 * @return the option
	 */
	public static PermissionOption rejectOnce(String optionId, String name) {
		return new PermissionOption(optionId, name, PermissionOptionKind.REJECT_ONCE);
	}

	/**
	 * An option that rejects this call and remembers the choice.
	 * @param optionId the id the client answers when the user picks it
	 * @param name the label shown to the user
	 * @return the option
	 */
	public static PermissionOption rejectAlways(String optionId, String name) {
		return new PermissionOption(optionId, name, PermissionOptionKind.REJECT_ALWAYS);
	}

}
