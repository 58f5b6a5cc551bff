/**
 * The {@code @AcpTest} slice and the auto-configuration of the test client.
 */
package dev.acp.spring.test.autoconfigure;
