package dev.acp.spring.agent.support;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * What configuration says about one extension namespace.
 *
 * @param namespace the namespace
 * @param version the version, or {@code null}
 * @param uri the URI of its specification, or {@code null}
 * @param required whether clients must support it
 * @param meta extra keys to advertise
 * @param schemas whether to advertise the params schema of each method, or {@code null}
 * to leave it to {@code @AcpExtension(schemas = ...)}
 */
public record AcpExtensionDefinition(String namespace, @Nullable String version, @Nullable String uri, boolean required,
		Map<String, Object> meta, @Nullable Boolean schemas) {

	public AcpExtensionDefinition {
		meta = (meta != null) ? Collections.unmodifiableMap(new LinkedHashMap<>(meta)) : Map.of();
	}

	/**
	 * A definition that leaves schemas to the annotation.
	 * @param namespace the namespace
	 * @param version the version, or {@code null}
	 * @param uri the URI of its specification, or {@code null}
	 * @param required whether clients must support it
	 * @param meta extra keys to advertise
	 */
	public AcpExtensionDefinition(String namespace, @Nullable String version, @Nullable String uri, boolean required,
			Map<String, Object> meta) {
		this(namespace, version, uri, required, meta, null);
	}

}
