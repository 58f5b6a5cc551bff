/**
 * The {@code @AcpTest} slice and the auto-configuration of the test client.
 */
@NullMarked
package dev.acp.spring.test.autoconfigure;

import org.jspecify.annotations.NullMarked;
