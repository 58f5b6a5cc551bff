package com.example.runner;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * Runs one prompt turn of an agent named in {@code application.yml} against a directory,
 * printing the turn as it streams, then exits.
 */
@SpringBootApplication
@EnableConfigurationProperties(RunnerProperties.class)
public class AgentRunnerApplication {

	public static void main(String[] args) {
		System.exit(SpringApplication.exit(SpringApplication.run(AgentRunnerApplication.class, args)));
	}

}
