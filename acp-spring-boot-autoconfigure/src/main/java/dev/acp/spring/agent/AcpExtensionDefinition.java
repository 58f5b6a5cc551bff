package dev.acp.spring.agent;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What configuration says about one extension namespace.
 *
 * @param namespace the namespace
 * @param version the version, or {@code null}
 * @param uri the URI of its specification, or {@code null}
 * @param required whether clients must support it
 * @param meta extra keys to advertise
 */
public record AcpExtensionDefinition(String namespace, String version, String uri, boolean required,
		Map<String, Object> meta) {

	public AcpExtensionDefinition {
		meta = (meta != null) ? Collections.unmodifiableMap(new LinkedHashMap<>(meta)) : Map.of();
	}

}
