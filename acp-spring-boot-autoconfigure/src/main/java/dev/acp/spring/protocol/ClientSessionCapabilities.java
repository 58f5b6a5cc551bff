package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.jspecify.annotations.Nullable;

/**
 * Session-related capabilities supported by the client.
 *
 * @param compaction support for ID-addressed context compaction updates
 * @param configOptions config option capabilities supported by the client
 * @param notices support for live user-facing {@code notice} session updates
 * @param meta the {@code _meta} object
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClientSessionCapabilities(@Nullable CompactionCapabilities compaction,
		@Nullable SessionConfigOptionsCapabilities configOptions, @Nullable NoticeCapabilities notices,
		@JsonProperty("_meta") @Nullable Map<String, Object> meta,
		@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ClientSessionCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public ClientSessionCapabilities(@Nullable CompactionCapabilities compaction,
			@Nullable SessionConfigOptionsCapabilities configOptions, @Nullable NoticeCapabilities notices,
			@Nullable Map<String, Object> meta) {
		this(compaction, configOptions, notices, meta, Map.of());
	}

	public ClientSessionCapabilities(@Nullable CompactionCapabilities compaction,
			@Nullable SessionConfigOptionsCapabilities configOptions, @Nullable NoticeCapabilities notices) {
		this(compaction, configOptions, notices, null, Map.of());
	}

	public ClientSessionCapabilities() {
		this(null, null, null, null, Map.of());
	}

}
