package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Elicitation capabilities supported by the client.
 *
 * @param form whether the client supports form-based elicitation
 * @param url whether the client supports URL-based elicitation
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ElicitationCapabilities(@Nullable ElicitationFormCapabilities form,
		@Nullable ElicitationUrlCapabilities url, @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ElicitationCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public ElicitationCapabilities(@Nullable ElicitationFormCapabilities form, @Nullable ElicitationUrlCapabilities url,
			@Nullable Map<String, Object> meta) {
		this(form, url, meta, Map.of());
	}

	public ElicitationCapabilities(@Nullable ElicitationFormCapabilities form,
			@Nullable ElicitationUrlCapabilities url) {
		this(form, url, null, Map.of());
	}

	public ElicitationCapabilities() {
		this(null, null, null, Map.of());
	}

}
