package com.example.runner;

import java.nio.file.Path;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * What to run: {@code runner.agent}, {@code runner.directory}, {@code runner.prompt}.
 *
 * @param agent the agent's name under {@code acp.agents}
 * @param directory the working directory of the session
 * @param prompt the prompt
 */
@ConfigurationProperties("runner")
public record RunnerProperties(String agent, Path directory, String prompt) {

}
