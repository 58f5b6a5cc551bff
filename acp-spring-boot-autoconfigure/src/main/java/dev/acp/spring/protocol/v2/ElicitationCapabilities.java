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
 * Elicitation capabilities supported by the client.
 *
 * @param form whether the client supports form-based elicitation
 * @param url whether the client supports URL-based elicitation
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ElicitationCapabilities(
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable ElicitationFormCapabilities form,
		@JsonDeserialize(using = DefaultOnErrorDeserializer.class) @Nullable ElicitationUrlCapabilities url,
		@JsonDeserialize(
				using = DefaultOnErrorDeserializer.class) @JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ElicitationCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public ElicitationCapabilities(@Nullable ElicitationFormCapabilities form, @Nullable ElicitationUrlCapabilities url,
			@Nullable Map<String, Object> meta) {
		this(form, url, meta, Map.of());
	}

	public ElicitationCapabilities() {
		this(null, null, null, Map.of());
	}

}
