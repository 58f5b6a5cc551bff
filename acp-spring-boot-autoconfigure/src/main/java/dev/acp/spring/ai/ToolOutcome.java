package dev.acp.spring.ai;

import java.util.List;

import dev.acp.spring.protocol.ToolCallContent;

/**
 * What a tool call gave: the text the model reads and the content the editor shows.
 *
 * @param forModel the tool result sent to the model
 * @param content the tool call content shown to the user
 * @author ACP Spring Boot Starter contributors
 */
record ToolOutcome(String forModel, List<ToolCallContent> content) {

	static ToolOutcome text(String text) {
		return new ToolOutcome(text, List.of(ToolCallContent.text(text)));
	}

}
