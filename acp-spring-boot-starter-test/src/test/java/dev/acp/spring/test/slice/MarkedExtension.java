package dev.acp.spring.test.slice;

import dev.acp.spring.annotation.AcpExtension;

import org.springframework.stereotype.Component;

/**
 * A bean carrying only the class-level {@code @AcpExtension} marker.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Component
@AcpExtension("slice.marker")
class MarkedExtension {

}
