package dev.acp.spring.spec;

import java.util.List;

/**
 * The requirements of one page of the spec, as one roster file holds them.
 *
 * @param file the roster file's name without its extension
 * @param title the page's title
 * @param source where the page is: repository, path and commit
 * @param prefix the prefix of its requirements' ids
 * @param requirements its requirements in the order of the page
 * @author ACP Spring Boot Starter contributors
 */
record RosterPage(String file, String title, String source, String prefix, List<Requirement> requirements) {

	long proven() {
		return this.requirements.stream().filter(Requirement::proven).count();
	}

	long notApplicable() {
		return this.requirements.stream().filter(Requirement::notApplicable).count();
	}

	long pending() {
		return this.requirements.stream().filter(Requirement::isPending).count();
	}

}
