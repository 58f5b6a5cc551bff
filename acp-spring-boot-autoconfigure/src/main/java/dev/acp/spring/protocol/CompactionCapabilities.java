package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Client support for ID-addressed context compaction updates.
 *
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CompactionCapabilities(@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public CompactionCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public CompactionCapabilities() {
		this(Map.of());
	}

}
