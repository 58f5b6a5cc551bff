package dev.acp.spring.ai;

import dev.acp.spring.protocol.ToolKind;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.util.StringUtils;

/**
 * A Spring AI {@link ToolCallback} of the application (a {@code @Tool} method, a
 * {@code ToolCallback} bean, an MCP server's tool), described by its {@link AcpTool}.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class CallbackTool extends SessionTool {

	private final ToolCallback callback;

	private final ToolKind kind;

	private final @Nullable String title;

	private final boolean asksPermission;

	CallbackTool(ToolCallback callback, @Nullable AcpTool annotation) {
		this.callback = callback;
		this.kind = (annotation != null) ? ToolKind.of(annotation.kind()) : ToolKind.OTHER;
		this.title = (annotation != null && StringUtils.hasText(annotation.title())) ? annotation.title() : null;
		AcpTool.Permission permission = (annotation != null) ? annotation.permission() : AcpTool.Permission.BY_KIND;
		this.asksPermission = switch (permission) {
			case ASK -> true;
			case NEVER -> false;
			case BY_KIND -> changesAnything(this.kind);
		};
	}

	/**
	 * A tool described by its server rather than by an annotation.
	 * @param callback the tool
	 * @param kind its kind
	 * @param title its title, or {@code null} for its name
	 * @param asksPermission whether the user is asked first
	 */
	CallbackTool(ToolCallback callback, ToolKind kind, @Nullable String title, boolean asksPermission) {
		this.callback = callback;
		this.kind = kind;
		this.title = title;
		this.asksPermission = asksPermission;
	}

	@Override
	ToolDefinition definition() {
		return this.callback.getToolDefinition();
	}

	@Override
	ToolKind kind() {
		return this.kind;
	}

	@Override
	boolean asksPermission() {
		return this.asksPermission;
	}

	@Override
	String title(JsonNode input) {
		return (this.title != null) ? this.title : definition().name();
	}

	@Override
	ToolOutcome run(String rawInput, JsonNode input, ToolRun run) {
		String result = this.callback.call(rawInput, run.toolContext());
		return ToolOutcome.text((result != null) ? result : "");
	}

}
