package dev.acp.spring.protocol;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Optional annotations for the client.
 *
 * @param audience intended recipients for this content, such as the user or assistant, or
 * {@code null}
 * @param lastModified timestamp indicating when the underlying resource was last
 * modified, or {@code null}
 * @param priority relative importance of this content when clients choose what to
 * surface, or {@code null}
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Annotations(List<Role> audience, String lastModified, BigDecimal priority,
		@JsonProperty("_meta") Map<String, Object> meta, @JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public Annotations {
		unknown = UnknownFields.of(unknown);
	}

	public Annotations(List<Role> audience, String lastModified, BigDecimal priority, Map<String, Object> meta) {
		this(audience, lastModified, priority, meta, null);
	}

	public Annotations(List<Role> audience, String lastModified, BigDecimal priority) {
		this(audience, lastModified, priority, null, null);
	}

	public Annotations() {
		this(null, null, null, null, null);
	}

}
