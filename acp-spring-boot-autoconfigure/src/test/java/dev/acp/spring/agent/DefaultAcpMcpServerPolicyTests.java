package dev.acp.spring.agent;

import java.util.List;
import java.util.Set;

import dev.acp.spring.agent.AcpMcpServerPolicy.Decision;
import dev.acp.spring.method.AcpConnection;
import dev.acp.spring.protocol.AcpJsonMapper;
import dev.acp.spring.protocol.EnvVariable;
import dev.acp.spring.protocol.McpServer;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

/**
 * The default MCP server policy: everything for local transports, on network ones stdio
 * only when opened and http/sse on allowed hosts only.
 *
 * @author ACP Spring Boot Starter contributors
 */
class DefaultAcpMcpServerPolicyTests {

	private static final McpServer STDIO = new McpServer.Stdio("x", "sh", List.of(), List.<EnvVariable>of());

	private final DefaultAcpMcpServerPolicy policy = new DefaultAcpMcpServerPolicy(false,
			List.of("mcp.example.com", "*.example.org", "10.0.0.7", "[::1]", "trailing.example.net."));

	private static AcpConnection over(String transport) {
		AcpConnection connection = mock(AcpConnection.class);
		given(connection.transport()).willReturn(transport);
		return connection;
	}

	private Decision http(String url) {
		return this.policy.decide(over("websocket"), new McpServer.Http("docs", url, List.of()));
	}

	@Test
	void localTransportsMayNameEveryEntry() {
		ObjectNode raw = AcpJsonMapper.create().createObjectNode().put("type", "carrier");
		for (String transport : List.of("stdio", "local", "in-memory")) {
			AcpConnection connection = over(transport);
			assertThat(this.policy.decide(connection, STDIO).allowed()).isTrue();
			assertThat(
					this.policy.decide(connection, new McpServer.Sse("s", "http://10.1.1.1/sse", List.of())).allowed())
				.isTrue();
			assertThat(this.policy.decide(connection, new McpServer.Unknown("carrier", raw)).allowed()).isTrue();
			assertThat(this.policy.mayAllow(connection, "http")).isTrue();
		}
	}

	@Test
	void networkTransportsNameNoStdioServerAndNoServerOfAnUnknownType() {
		ObjectNode raw = AcpJsonMapper.create().createObjectNode().put("type", "carrier");
		assertThat(this.policy.decide(over("http"), STDIO))
			.isEqualTo(Decision.refuse("stdio MCP servers are not started for clients connected over http"));
		assertThat(this.policy.decide(over("websocket"), new McpServer.Unknown("carrier", raw))).isEqualTo(
				Decision.refuse("MCP servers of type 'carrier' are not started for clients connected over websocket"));
		assertThat(new DefaultAcpMcpServerPolicy(true, Set.of()).decide(over("http"), STDIO).allowed()).isTrue();
	}

	@Test
	void networkTransportsNameHttpServersOnAllowedHostsOnly() {
		assertThat(http("https://MCP.Example.com:8443/mcp").allowed()).isTrue();
		assertThat(http("http://a.b.example.org/mcp").allowed()).isTrue();
		assertThat(http("http://10.0.0.7/mcp").allowed()).isTrue();
		assertThat(http("http://[::1]:3000/mcp").allowed()).isTrue();
		assertThat(http("http://trailing.example.net/mcp").allowed()).isTrue();
		assertThat(http("http://mcp.example.com./mcp").allowed()).isTrue();
		assertThat(http("http://example.org/mcp").allowed()).isFalse();
		assertThat(http("http://mcp.example.com.evil.test/mcp").allowed()).isFalse();
		assertThat(http("http://mcp.example.com@169.254.169.254/").reason())
			.isEqualTo("host '169.254.169.254' is not allowed for clients connected over websocket");
		assertThat(http("ftp://mcp.example.com/mcp").reason())
			.isEqualTo("url must be an absolute http or https URL with a host");
		assertThat(http("/mcp").allowed()).isFalse();
		assertThat(http("http://bad host/").allowed()).isFalse();
	}

	@Test
	void networkTransportsAreAdvertisedHttpAndSseOnlyWhenAHostIsAllowed() {
		assertThat(this.policy.mayAllow(over("websocket"), "sse")).isTrue();
		assertThat(DefaultAcpMcpServerPolicy.networkClosed().mayAllow(over("websocket"), "http")).isFalse();
	}

	@Test
	void anAllowedHostThatIsNoHostIsRefused() {
		for (String host : List.of("", " ", "*", "*.", "http://mcp.example.com", "mcp.example.com/mcp",
				"a*.example.com", ".example.com")) {
			assertThatIllegalArgumentException().isThrownBy(() -> new DefaultAcpMcpServerPolicy(false, List.of(host)));
		}
	}

}
