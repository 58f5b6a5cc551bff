package dev.acp.spring.autoconfigure;

import java.util.ArrayList;
import java.util.List;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Authentication the agent asks of its clients.
 *
 * @author ACP Spring Boot Starter contributors
 */
@ConfigurationProperties("acp.auth")
public class AcpAuthProperties {

	/**
	 * Authentication methods advertised in the initialize answer, in order; an
	 * "@AcpMethod("authenticate")" handler serves them.
	 */
	private List<Method> methods = new ArrayList<>();

	/**
	 * Whether every call but initialize and authenticate needs a successful authenticate
	 * on its connection first (answered -32000 otherwise). Defaults to true when methods
	 * are configured.
	 */
	private @Nullable Boolean required;

	public List<Method> getMethods() {
		return this.methods;
	}

	public void setMethods(List<Method> methods) {
		this.methods = methods;
	}

	public @Nullable Boolean getRequired() {
		return this.required;
	}

	public void setRequired(@Nullable Boolean required) {
		this.required = required;
	}

	/**
	 * One authentication method advertised in {@code authMethods}.
	 */
	public static class Method {

		/**
		 * Id of the method, sent back in authenticate's methodId.
		 */
		private @Nullable String id;

		/**
		 * Human-readable name of the method.
		 */
		private @Nullable String name;

		/**
		 * Human-readable description of the method.
		 */
		private @Nullable String description;

		public @Nullable String getId() {
			return this.id;
		}

		public void setId(@Nullable String id) {
			this.id = id;
		}

		public @Nullable String getName() {
			return this.name;
		}

		public void setName(@Nullable String name) {
			this.name = name;
		}

		public @Nullable String getDescription() {
			return this.description;
		}

		public void setDescription(@Nullable String description) {
			this.description = description;
		}

	}

}
