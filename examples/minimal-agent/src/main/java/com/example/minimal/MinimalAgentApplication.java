package com.example.minimal;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A minimal ACP agent: an editor spawns {@code java -jar minimal-agent.jar} and talks to
 * it over standard input and output.
 */
@SpringBootApplication
public class MinimalAgentApplication {

	public static void main(String[] args) {
		SpringApplication.run(MinimalAgentApplication.class, args);
	}

}
