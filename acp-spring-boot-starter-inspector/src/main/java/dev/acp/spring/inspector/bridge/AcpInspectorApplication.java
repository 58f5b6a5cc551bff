package dev.acp.spring.inspector.bridge;

import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;

/**
 * The inspector for any agent over stdio:
 * {@code java -jar acp-inspector.jar [options] -- <agent command...>} spawns the agent
 * command and serves the inspector page for it at
 * {@code http://127.0.0.1:<port>/inspector/}, printing that URL with its token as the one
 * line of its standard output. Without an agent command it exits with code 2.
 *
 * @author ACP Spring Boot Starter contributors
 */
@SpringBootConfiguration(proxyBeanMethods = false)
@EnableAutoConfiguration
@Import(BridgeConfiguration.class)
public class AcpInspectorApplication {

	/** The exit code of a command line without an agent command. */
	public static final int USAGE_EXIT_CODE = 2;

	/**
	 * Run the inspector.
	 * @param args the options, {@code --}, and the agent command
	 */
	@SuppressWarnings("SystemOut") // the command line's own usage message
	public static void main(String[] args) {
		AgentCommand command;
		try {
			command = AgentCommand.parse(args);
		}
		catch (IllegalArgumentException ex) {
			System.err.println("ACP inspector: " + ex.getMessage());
			System.err.println(AgentCommand.USAGE);
			System.exit(USAGE_EXIT_CODE);
			return;
		}
		try {
			run(command);
		}
		catch (RuntimeException ex) {
			// Spring Boot has logged why the start failed
			System.exit(1);
		}
	}

	/**
	 * Start the inspector for an agent command.
	 * @param command the options and the agent command
	 * @return the running application; closing it ends the agent
	 */
	public static ConfigurableApplicationContext run(AgentCommand command) {
		SpringApplication application = new SpringApplication(AcpInspectorApplication.class);
		application.setBannerMode(Banner.Mode.OFF);
		application.addListeners(new BridgeEnvironment());
		application.addInitializers(
				(context) -> context.getBeanFactory().registerSingleton("acpInspectorAgentCommand", command));
		return application.run(command.options().toArray(String[]::new));
	}

}
