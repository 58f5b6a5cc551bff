package dev.acp.spring.protocol;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Optional annotations for the client.
 *
 * @param audience intended recipients for this content, such as the user or assistant
 * @param lastModified timestamp indicating when the underlying resource was last modified
 * @param priority relative importance of this content when clients choose what to surface
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Annotations(@Nullable List<Role> audience, @Nullable String lastModified, @Nullable BigDecimal priority,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public Annotations {
		unknown = UnknownFields.of(unknown);
	}

	public Annotations(@Nullable List<Role> audience, @Nullable String lastModified, @Nullable BigDecimal priority,
			@Nullable Map<String, Object> meta) {
		this(audience, lastModified, priority, meta, Map.of());
	}

	public Annotations(@Nullable List<Role> audience, @Nullable String lastModified, @Nullable BigDecimal priority) {
		this(audience, lastModified, priority, null, Map.of());
	}

	public Annotations() {
		this(null, null, null, null, Map.of());
	}

}
