package dev.acp.spring.test.slice;

import org.springframework.stereotype.Service;

/**
 * A bean that has nothing to do with ACP.
 *
 * @author ACP Spring Boot Starter contributors
 */
@Service
class UnrelatedService {

}
