package dev.acp.spring.agent;

import java.util.Objects;

import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.protocol.McpServer;
import org.jspecify.annotations.NullMarked;
import org.jspecify.annotations.Nullable;

/**
 * Which of the MCP servers a client names ({@code mcpServers} of {@code session/new},
 * {@code session/load}, {@code session/resume}) the agent may start (stdio) or connect to
 * (http, sse). The starter asks it for every entry before any handler runs, its own and
 * the application's alike: one refused entry answers the request -32602, naming the entry
 * and the reason, and nothing starts. A bean of this type replaces the default,
 * {@link DefaultAcpMcpServerPolicy}.
 *
 * @author ACP Spring Boot Starter contributors
 */
@NullMarked
@FunctionalInterface
public interface AcpMcpServerPolicy {

	/**
	 * Decide on one entry.
	 * @param connection the connection asking, with its transport and principal
	 * @param server the entry, {@link McpServer.Unknown} when it is of a type this
	 * version does not know or cannot be read
	 * @return whether the entry is allowed, and why not
	 */
	Decision decide(AcpConnection connection, McpServer server);

	/**
	 * Whether some MCP server of a type may be allowed on the connection: the
	 * {@code mcpCapabilities} its {@code initialize} answer advertises keep {@code http}
	 * or {@code sse} (and, on an ACP v2 connection, {@code stdio}) only when this says
	 * so. By default every type may be.
	 * @param connection the connection being initialized
	 * @param type {@code stdio}, {@code http} or {@code sse}
	 * @return whether to advertise the type the application serves
	 */
	default boolean mayAllow(AcpConnection connection, String type) {
		return true;
	}

	/**
	 * A decision on one entry.
	 *
	 * @param allowed whether the entry may be started or connected to
	 * @param reason why not, sent to the client; {@code null} when allowed
	 */
	record Decision(boolean allowed, @Nullable String reason) {

		private static final Decision ALLOW = new Decision(true, null);

		public Decision {
			if (!allowed) {
				Objects.requireNonNull(reason, "a refusal needs a reason");
			}
		}

		/**
		 * The entry may be started or connected to.
		 * @return the decision
		 */
		public static Decision allow() {
			return ALLOW;
		}

		/**
		 * The entry is refused.
		 * @param reason why, sent to the client: name the rule, not internals
		 * @return the decision
		 */
		public static Decision refuse(String reason) {
			return new Decision(false, reason);
		}

	}

}
