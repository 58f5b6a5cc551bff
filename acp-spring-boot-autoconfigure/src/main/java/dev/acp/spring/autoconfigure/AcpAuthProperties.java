package dev.acp.spring.autoconfigure;

import java.util.ArrayList;
import java.util.List;

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
	private Boolean required;

	public List<Method> getMethods() {
		return this.methods;
	}

	public void setMethods(List<Method> methods) {
		this.methods = methods;
	}

	public Boolean getRequired() {
		return this.required;
	}

	public void setRequired(Boolean required) {
		this.required = required;
	}

	/**
	 * One authentication method advertised in {@code authMethods}.
	 */
	public static class Method {

		/**
		 * Id of the method, sent back in authenticate's methodId.
		 */
		private String id;

		/**
		 * Human-readable name of the method.
		 */
		private String name;

		/**
		 * Human-readable description of the method.
		 */
		private String description;

		public String getId() {
			return this.id;
		}

		public void setId(String id) {
			this.id = id;
		}

		public String getName() {
			return this.name;
		}

		public void setName(String name) {
			this.name = name;
		}

		public String getDescription() {
			return this.description;
		}

		public void setDescription(String description) {
			this.description = description;
		}

	}

}
