package dev.acp.spring.test.docs.ai;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.acp.spring.ai.AcpTool;

import org.springframework.ai.tool.annotation.Tool;
import org.springframework.stereotype.Component;

// docs/ai.md "A tool that asks first": the snippet is copied from this file
@Component
class NoteTools {

	private final Map<String, String> notes = new ConcurrentHashMap<>();

	@Tool(description = "Read a note by id")
	@AcpTool(kind = "read", title = "Read a note") // runs without asking
	String readNote(String id) {
		return this.notes.getOrDefault(id, "no such note");
	}

	@Tool(description = "Delete a note by id")
	@AcpTool(kind = "delete", title = "Delete a note") // asks the user first
	String deleteNote(String id) {
		return (this.notes.remove(id) != null) ? "deleted" : "no such note";
	}

}
