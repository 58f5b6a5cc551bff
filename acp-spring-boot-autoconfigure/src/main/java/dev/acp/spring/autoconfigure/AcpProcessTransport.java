package dev.acp.spring.autoconfigure;

import org.springframework.boot.availability.AvailabilityChangeEvent;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.context.ApplicationContextAware;
import org.springframework.context.ApplicationListener;
import org.springframework.context.SmartLifecycle;

/**
 * The transport of an agent process an editor spawns: standard input and output, either
 * its own ({@code stdio}) or relayed by launchers to a warm agent ({@code local}). Chosen
 * when the bean is created, so that an application built with Spring AOT for stdio can
 * also run as a warm agent.
 *
 * @author ACP Spring Boot Starter contributors
 */
interface AcpProcessTransport extends SmartLifecycle, ApplicationContextAware,
		ApplicationListener<AvailabilityChangeEvent<ReadinessState>>, AcpTransportStatus {

}
