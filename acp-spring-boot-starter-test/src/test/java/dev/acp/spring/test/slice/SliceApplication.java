package dev.acp.spring.test.slice;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * An application with ACP handlers and unrelated beans, for the slice tests.
 *
 * @author ACP Spring Boot Starter contributors
 */
@SpringBootApplication
public class SliceApplication {

}
