package dev.acp.spring.agent.support;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import dev.acp.spring.agent.AcpCapabilitiesCustomizer;
import dev.acp.spring.agent.AcpParamsSchemaGenerator;
import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.method.support.AcpHandlerKind;
import dev.acp.spring.method.support.AcpHandlerMethod;
import dev.acp.spring.method.support.AcpMethodRegistry;
import dev.acp.spring.protocol.AcpMethods;
import dev.acp.spring.protocol.AgentAuthCapabilities;
import dev.acp.spring.protocol.AgentCapabilities;
import dev.acp.spring.protocol.LogoutCapabilities;
import dev.acp.spring.protocol.SessionCapabilities;
import dev.acp.spring.protocol.SessionCloseCapabilities;
import dev.acp.spring.protocol.SessionDeleteCapabilities;
import dev.acp.spring.protocol.SessionListCapabilities;
import dev.acp.spring.protocol.SessionResumeCapabilities;
import org.jspecify.annotations.Nullable;

import tools.jackson.databind.JsonNode;

import org.springframework.core.ResolvableType;
import org.springframework.util.StringUtils;

/**
 * Derives the agent capabilities from the registered handlers: core handlers set their
 * flags, and each extension namespace gets one {@code _meta} entry with its version,
 * methods, notifications and configured extra keys. Computed once, on first use.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class AcpCapabilityAdvertiser {

	private final AcpMethodRegistry registry;

	private final Map<String, AcpExtensionDefinition> definitions;

	private final List<AcpCapabilitiesCustomizer> customizers;

	private final @Nullable AcpParamsSchemaGenerator schemaGenerator;

	private volatile Set<String> starterMethods = Set.of();

	private volatile @Nullable Advertisement advertisement;

	/**
	 * Create an advertiser.
	 * @param registry the handler registry
	 * @param definitions configured extensions by namespace
	 * @param customizers applied last, in order
	 */
	public AcpCapabilityAdvertiser(AcpMethodRegistry registry, Map<String, AcpExtensionDefinition> definitions,
			List<AcpCapabilitiesCustomizer> customizers) {
		this(registry, definitions, customizers, null);
	}

	/**
	 * Create an advertiser.
	 * @param registry the handler registry
	 * @param definitions configured extensions by namespace
	 * @param customizers applied last, in order
	 * @param schemaGenerator generates the params schemas of the extensions that ask for
	 * them, or {@code null} when none is available
	 */
	public AcpCapabilityAdvertiser(AcpMethodRegistry registry, Map<String, AcpExtensionDefinition> definitions,
			List<AcpCapabilitiesCustomizer> customizers, @Nullable AcpParamsSchemaGenerator schemaGenerator) {
		this.registry = registry;
		this.definitions = Map.copyOf(definitions);
		this.customizers = List.copyOf(customizers);
		this.schemaGenerator = schemaGenerator;
	}

	/**
	 * Advertise core methods the starter serves itself when the application has no
	 * handler for them (the session methods of {@link DefaultAcpSessions}). Set before
	 * the first advertisement.
	 * @param methods the method names
	 */
	public void setStarterMethods(Set<String> methods) {
		this.starterMethods = Set.copyOf(methods);
	}

	/**
	 * Check, once every handler is registered, that what the advertisement needs is
	 * there: an extension that advertises its params schemas needs a schema generator.
	 * @throws IllegalStateException naming the namespaces when it is missing
	 */
	public void checkSchemaGenerator() {
		if (this.schemaGenerator != null) {
			return;
		}
		TreeSet<String> wanting = new TreeSet<>();
		this.definitions.forEach((name, definition) -> {
			if (Boolean.TRUE.equals(definition.schemas())) {
				wanting.add(name);
			}
		});
		for (AcpHandlerMethod handler : this.registry.handlers()) {
			AcpExtension extension = handler.extension();
			String namespace = handler.namespace();
			AcpExtensionDefinition definition = (namespace != null) ? this.definitions.get(namespace) : null;
			Boolean configured = (definition != null) ? definition.schemas() : null;
			boolean wanted = (configured != null) ? configured : extension != null && extension.schemas();
			if (wanted && namespace != null) {
				wanting.add(namespace);
			}
		}
		if (!wanting.isEmpty()) {
			throw new IllegalStateException("The extensions " + wanting
					+ " advertise the JSON Schema of their params, which needs com.github.victools:jsonschema-generator,"
					+ " jsonschema-module-jackson and jsonschema-module-jakarta-validation on the class path");
		}
	}

	/**
	 * The advertised capabilities.
	 * @return the capabilities
	 */
	public AgentCapabilities capabilities() {
		return advertisement().capabilities();
	}

	/**
	 * The namespaces of extensions clients must support.
	 * @return the namespaces
	 */
	public List<String> requiredExtensions() {
		return advertisement().required();
	}

	private Advertisement advertisement() {
		Advertisement current = this.advertisement;
		if (current == null) {
			synchronized (this) {
				current = this.advertisement;
				if (current == null) {
					current = build();
					this.advertisement = current;
				}
			}
		}
		return current;
	}

	private Advertisement build() {
		Map<String, Namespace> namespaces = new TreeMap<>();
		this.definitions.forEach((name, definition) -> namespaces.computeIfAbsent(name, this::namespace));
		AgentCapabilities.Builder builder = new AgentCapabilities.Builder();
		SessionMethods sessionMethods = new SessionMethods();
		for (AcpHandlerMethod handler : this.registry.handlers()) {
			String name = handler.namespace();
			if (name == null) {
				applyCoreFlag(handler.name(), builder, sessionMethods);
				continue;
			}
			Namespace namespace = namespaces.computeIfAbsent(name, this::namespace);
			namespace.add(handler);
		}
		for (String method : new TreeSet<>(this.starterMethods)) {
			if (this.registry.find(method) == null) {
				applyCoreFlag(method, builder, sessionMethods);
			}
		}
		if (sessionMethods.any) {
			builder.sessionCapabilities(new SessionCapabilities(sessionMethods.list, sessionMethods.delete, null,
					sessionMethods.resume, sessionMethods.close, null));
		}
		List<String> required = new ArrayList<>();
		for (Namespace namespace : namespaces.values()) {
			AcpExtensionDefinition definition = this.definitions.get(namespace.name);
			builder.meta().put(namespace.name, namespace.describe(definition));
			if (namespace.isRequired(definition)) {
				required.add(namespace.name);
			}
		}
		this.customizers.forEach((customizer) -> customizer.customize(builder));
		return new Advertisement(builder.build(), List.copyOf(required));
	}

	private Namespace namespace(String name) {
		return new Namespace(name, this.schemaGenerator);
	}

	private static void applyCoreFlag(String method, AgentCapabilities.Builder builder, SessionMethods session) {
		switch (method) {
			case AcpMethods.SESSION_LOAD -> builder.loadSession(true);
			case AcpMethods.SESSION_LIST -> session.list = new SessionListCapabilities();
			case AcpMethods.SESSION_DELETE -> session.delete = new SessionDeleteCapabilities();
			case AcpMethods.SESSION_RESUME -> session.resume = new SessionResumeCapabilities();
			case AcpMethods.SESSION_CLOSE -> session.close = new SessionCloseCapabilities();
			case AcpMethods.LOGOUT -> builder.auth(new AgentAuthCapabilities(new LogoutCapabilities(), null));
			default -> {
				return;
			}
		}
		session.any |= method.startsWith("session/") && !AcpMethods.SESSION_LOAD.equals(method);
	}

	private static final class SessionMethods {

		private boolean any;

		private @Nullable SessionListCapabilities list;

		private @Nullable SessionDeleteCapabilities delete;

		private @Nullable SessionResumeCapabilities resume;

		private @Nullable SessionCloseCapabilities close;

	}

	private record Advertisement(AgentCapabilities capabilities, List<String> required) {
	}

	private static final class Namespace {

		private final String name;

		private final TreeSet<String> methods = new TreeSet<>();

		private final TreeSet<String> notifications = new TreeSet<>();

		private final Map<String, java.lang.reflect.@Nullable Type> paramsTypes = new TreeMap<>();

		private final @Nullable AcpParamsSchemaGenerator schemaGenerator;

		private boolean annotatedSchemas;

		private @Nullable String annotatedVersion;

		private @Nullable String annotatedUri;

		private boolean annotatedRequired;

		Namespace(String name, @Nullable AcpParamsSchemaGenerator schemaGenerator) {
			this.name = name;
			this.schemaGenerator = schemaGenerator;
		}

		void add(AcpHandlerMethod handler) {
			((handler.kind() == AcpHandlerKind.REQUEST) ? this.methods : this.notifications).add(handler.name());
			this.paramsTypes.put(handler.name(), handler.paramsType());
			AcpExtension extension = handler.extension();
			if (extension != null) {
				this.annotatedVersion = StringUtils.hasText(extension.version()) ? extension.version()
						: this.annotatedVersion;
				this.annotatedUri = StringUtils.hasText(extension.uri()) ? extension.uri() : this.annotatedUri;
				this.annotatedRequired |= extension.required();
				this.annotatedSchemas |= extension.schemas();
			}
		}

		boolean isRequired(@Nullable AcpExtensionDefinition definition) {
			return (definition != null && definition.required()) || this.annotatedRequired;
		}

		Map<String, Object> describe(@Nullable AcpExtensionDefinition definition) {
			Map<String, Object> entry = new LinkedHashMap<>();
			String version = (definition != null) ? definition.version() : null;
			if (!StringUtils.hasText(version)) {
				version = this.annotatedVersion;
			}
			putIfText(entry, "version", version);
			String uri = (definition != null) ? definition.uri() : null;
			if (!StringUtils.hasText(uri)) {
				uri = this.annotatedUri;
			}
			putIfText(entry, "uri", uri);
			if (isRequired(definition)) {
				entry.put("required", true);
			}
			if (!this.methods.isEmpty()) {
				entry.put("methods", List.copyOf(this.methods));
			}
			if (!this.notifications.isEmpty()) {
				entry.put("notifications", List.copyOf(this.notifications));
			}
			Boolean configured = (definition != null) ? definition.schemas() : null;
			boolean schemas = (configured != null) ? configured : this.annotatedSchemas;
			if (schemas && !this.paramsTypes.isEmpty()) {
				entry.put("schemas", schemas());
			}
			if (definition != null) {
				definition.meta().forEach((key, value) -> {
					if (value != null) {
						entry.putIfAbsent(key, value);
					}
				});
			}
			return entry;
		}

		/**
		 * Per method, the schema of its params: of the params type, or any object for a
		 * method that takes none.
		 */
		private Map<String, Object> schemas() {
			Map<String, Object> schemas = new LinkedHashMap<>();
			AcpParamsSchemaGenerator generator = this.schemaGenerator;
			this.paramsTypes.forEach((method, type) -> {
				Class<?> raw = (type != null) ? ResolvableType.forType(type).toClass() : null;
				// checkSchemaGenerator fails start-up when schemas are asked without a
				// generator
				Object params = (type == null || raw == null || JsonNode.class.isAssignableFrom(raw)
						|| Map.class.isAssignableFrom(raw) || generator == null) ? Map.of("type", "object")
								: generator.schemaOf(type);
				schemas.put(method, Map.of("params", params));
			});
			return schemas;
		}

		private static void putIfText(Map<String, Object> entry, String key, @Nullable String value) {
			if (StringUtils.hasText(value)) {
				entry.put(key, value);
			}
		}

	}

}
