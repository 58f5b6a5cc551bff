/**
 * Test support for ACP agents: an in-memory test client and AssertJ assertions on the
 * agent's answers.
 */
package dev.acp.spring.test;
