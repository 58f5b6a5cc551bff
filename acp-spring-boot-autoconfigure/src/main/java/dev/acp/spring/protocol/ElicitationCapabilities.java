package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Elicitation capabilities supported by the client.
 *
 * @param form whether the client supports form-based elicitation, or {@code null}
 * @param url whether the client supports URL-based elicitation, or {@code null}
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ElicitationCapabilities(ElicitationFormCapabilities form, ElicitationUrlCapabilities url,
		@JsonProperty("_meta") Map<String, Object> meta, @JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ElicitationCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public ElicitationCapabilities(ElicitationFormCapabilities form, ElicitationUrlCapabilities url,
			Map<String, Object> meta) {
		this(form, url, meta, null);
	}

	public ElicitationCapabilities(ElicitationFormCapabilities form, ElicitationUrlCapabilities url) {
		this(form, url, null, null);
	}

	public ElicitationCapabilities() {
		this(null, null, null, null);
	}

}
