package dev.acp.spring.spec;

import java.util.List;

/**
 * The roster's coverage by page, as a Markdown table: entries, proven by a test, not
 * applicable to the starter, and pending (a test still to write).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class CoverageReport {

	static final String BEGIN = "<!-- spec-roster:begin (written by SpecRequirementsRosterTests) -->";

	static final String END = "<!-- spec-roster:end -->";

	private CoverageReport() {
	}

	static String table(List<RosterPage> pages) {
		StringBuilder table = new StringBuilder();
		table.append("| page | roster file | entries | proven | n/a | pending |\n");
		table.append("|---|---|---:|---:|---:|---:|\n");
		long entries = 0;
		long proven = 0;
		long notApplicable = 0;
		long pending = 0;
		for (RosterPage page : pages) {
			table.append("| ")
				.append(page.title())
				.append(" | `")
				.append(page.file())
				.append(".yaml` | ")
				.append(page.requirements().size())
				.append(" | ")
				.append(page.proven())
				.append(" | ")
				.append(page.notApplicable())
				.append(" | ")
				.append(page.pending())
				.append(" |\n");
			entries += page.requirements().size();
			proven += page.proven();
			notApplicable += page.notApplicable();
			pending += page.pending();
		}
		table.append("| **all** | | **")
			.append(entries)
			.append("** | **")
			.append(proven)
			.append("** | **")
			.append(notApplicable)
			.append("** | **")
			.append(pending)
			.append("** |\n");
		return table.toString();
	}

	static String pendingList(List<RosterPage> pages) {
		StringBuilder list = new StringBuilder();
		for (RosterPage page : pages) {
			for (Requirement requirement : page.requirements()) {
				if (requirement.isPending()) {
					list.append("- `")
						.append(requirement.id())
						.append("`: ")
						.append(requirement.pending())
						.append('\n');
				}
			}
		}
		return list.isEmpty() ? "None.\n" : list.toString();
	}

	static String section(List<RosterPage> pages) {
		return BEGIN + "\n\n" + table(pages) + "\nPending:\n\n" + pendingList(pages) + "\n" + END;
	}

}
