package dev.acp.spring.test.docs.quickstart;

import dev.acp.spring.annotation.AcpExtension;
import dev.acp.spring.annotation.AcpMethod;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.stereotype.Component;

// README "Quick start": the snippet is copied from this file (DocsSnippetsTests holds them together)
@SpringBootApplication
public class GreetingApplication {

	public static void main(String[] args) {
		SpringApplication.run(GreetingApplication.class, args);
	}

}

@Component
@AcpExtension(value = "example.com/greeting", version = "1.0")
class Greeter {

	@AcpMethod("_example.com/greeting/hello")
	Greeting hello(HelloParams params) {
		return new Greeting("Hello, " + params.name() + "!");
	}

	record HelloParams(String name) {
	}

	record Greeting(String text) {
	}

}
