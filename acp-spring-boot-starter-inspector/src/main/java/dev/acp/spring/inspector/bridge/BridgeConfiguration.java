package dev.acp.spring.inspector.bridge;

import dev.acp.spring.inspector.AcpFrameValidator;
import dev.acp.spring.inspector.FrameValidation;
import dev.acp.spring.inspector.InspectorPage;
import dev.acp.spring.protocol.AcpJsonMapper;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.ServerResponse;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.server.standard.ServletServerContainerFactoryBean;

/**
 * The beans of the bridge: the token, the agent and its relay, the page's WebSocket, its
 * files and HTTP routes, and the filter in front of them all.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSocket
class BridgeConfiguration {

	private static final int MESSAGE_PART_CHARS = 64 * 1024;

	private final JsonMapper mapper = AcpJsonMapper.create();

	@Bean
	InspectorToken acpInspectorToken() {
		return InspectorToken.random();
	}

	@Bean
	PageChannel acpInspectorPageChannel() {
		return new PageChannel();
	}

	@Bean
	WorkspaceServices acpInspectorWorkspaceServices() {
		return new WorkspaceServices(this.mapper);
	}

	@Bean
	AgentRelay acpInspectorAgentRelay(AgentCommand command, PageChannel page, WorkspaceServices workspace) {
		return new AgentRelay(command, page, workspace, this.mapper);
	}

	@Bean
	PageSocketHandler acpInspectorPageSocketHandler(PageChannel page, AgentRelay relay) {
		return new PageSocketHandler(page, relay);
	}

	@Bean
	WebSocketConfigurer acpInspectorWebSocket(PageSocketHandler handler) {
		// the filter has checked Host, Origin and the token before the handshake
		return (registry) -> registry.addHandler(handler, BridgeRequestFilter.AGENT_PATH);
	}

	@Bean
	RouterFunction<ServerResponse> acpInspectorBridgeRoutes(AgentCommand command, WorkspaceServices workspace,
			InspectorToken token) {
		FrameValidation validation = new FrameValidation(new AcpFrameValidator(this.mapper), this.mapper,
				token::authorizes);
		return new BridgeRoutes(command, workspace, this.mapper).routes(validation, new InspectorPage());
	}

	@Bean
	FilterRegistrationBean<BridgeRequestFilter> acpInspectorRequestFilter(InspectorToken token) {
		FilterRegistrationBean<BridgeRequestFilter> registration = new FilterRegistrationBean<>(
				new BridgeRequestFilter(token));
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
		registration.addUrlPatterns("/*");
		return registration;
	}

	@Bean
	ServletServerContainerFactoryBean acpInspectorWebSocketContainer() {
		ServletServerContainerFactoryBean container = new ServletServerContainerFactoryBean();
		// messages arrive in parts of this size; PageSocketHandler bounds the whole
		container.setMaxTextMessageBufferSize(MESSAGE_PART_CHARS);
		container.setMaxBinaryMessageBufferSize(MESSAGE_PART_CHARS);
		return container;
	}

	@Bean
	StartLine acpInspectorStartLine(InspectorToken token) {
		return new StartLine(token);
	}

}
