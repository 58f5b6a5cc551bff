/**
 * Machinery behind the client role: the client extension methods discovered on
 * {@code @AcpClientSide} beans.
 */
@NullMarked
package dev.acp.spring.client.support;

import org.jspecify.annotations.NullMarked;
