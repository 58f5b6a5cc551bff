package dev.acp.spring.spec;

import java.util.List;

/**
 * One requirement of the roster: a MUST, MUST NOT, SHOULD, SHOULD NOT or REQUIRED of a
 * page of the spec, with what proves it.
 *
 * @param page the page it comes from (its file name in the roster)
 * @param id its stable id, {@code <page prefix>.<n>}
 * @param level the keyword: MUST, MUST NOT, SHOULD, SHOULD NOT or REQUIRED
 * @param role who it binds: agent, client or both
 * @param rule the rule in our own words
 * @param tests the tests that prove it, {@code module:fully.qualified.Class#method} or
 * {@code interop:test/file.test.js#"title"}
 * @param na why it does not apply to the starter, or {@code null}
 * @param pending the test still to write, or {@code null}
 * @author ACP Spring Boot Starter contributors
 */
record Requirement(String page, String id, String level, String role, String rule, List<String> tests, String na,
		String pending) {

	boolean proven() {
		return !this.tests.isEmpty();
	}

	boolean notApplicable() {
		return this.na != null;
	}

	boolean isPending() {
		return this.pending != null;
	}

}
