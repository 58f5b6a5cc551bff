package dev.acp.spring.protocol;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * Client support for presenting live notices to the user.
 *
 * @param unknown fields this version does not know, kept to be written back
 * @author ACP Spring Boot Starter contributors
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record NoticeCapabilities(@JsonAnySetter @JsonAnyGetter Map<String, Object> unknown) {

	public NoticeCapabilities {
		unknown = UnknownFields.of(unknown);
	}

	public NoticeCapabilities() {
		this(Map.of());
	}

}
