/**
 * Test support for ACP agents: an in-memory test client and AssertJ assertions on the
 * agent's answers.
 */
@NullMarked
package dev.acp.spring.test;

import org.jspecify.annotations.NullMarked;
