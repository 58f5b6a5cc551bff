package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Session-related capabilities supported by the client.
 *
 * @param compaction support for ID-addressed context compaction updates, or {@code null}
 * @param configOptions config option capabilities supported by the client, or
 * {@code null}
 * @param notices support for live user-facing {@code notice} session updates, or
 * {@code null}
 * @param meta the {@code _meta} object, or {@code null}
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClientSessionCapabilities(CompactionCapabilities compaction,
		SessionConfigOptionsCapabilities configOptions, NoticeCapabilities notices,
		@JsonProperty("_meta") Map<String, Object> meta, @JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public ClientSessionCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public ClientSessionCapabilities(CompactionCapabilities compaction, SessionConfigOptionsCapabilities configOptions,
			NoticeCapabilities notices, Map<String, Object> meta) {
		this(compaction, configOptions, notices, meta, null);
	}

	public ClientSessionCapabilities(CompactionCapabilities compaction, SessionConfigOptionsCapabilities configOptions,
			NoticeCapabilities notices) {
		this(compaction, configOptions, notices, null, null);
	}

	public ClientSessionCapabilities() {
		this(null, null, null, null, null);
	}

}
