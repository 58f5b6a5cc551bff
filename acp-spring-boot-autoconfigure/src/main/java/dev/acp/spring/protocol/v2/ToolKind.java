package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * Categories of tools that can be invoked. Unknown values are kept verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class ToolKind extends OpenValue {

	/** Reading files or data. */
	public static final ToolKind READ = new ToolKind("read", true);

	/** Modifying files or content. */
	public static final ToolKind EDIT = new ToolKind("edit", true);

	/** Removing files or data. */
	public static final ToolKind DELETE = new ToolKind("delete", true);

	/** Moving or renaming files. */
	public static final ToolKind MOVE = new ToolKind("move", true);

	/** Searching for information. */
	public static final ToolKind SEARCH = new ToolKind("search", true);

	/** Running commands or code. */
	public static final ToolKind EXECUTE = new ToolKind("execute", true);

	/** Internal reasoning or planning. */
	public static final ToolKind THINK = new ToolKind("think", true);

	/** Retrieving external data. */
	public static final ToolKind FETCH = new ToolKind("fetch", true);

	/** Changing the session's mode, a config option with the {@code mode} category. */
	public static final ToolKind SWITCH_MODE = new ToolKind("switch_mode", true);

	/** Other tool types (default). */
	public static final ToolKind OTHER = new ToolKind("other", true);

	private static final Map<String, ToolKind> KNOWN = Map.of(READ.value(), READ, EDIT.value(), EDIT, DELETE.value(),
			DELETE, MOVE.value(), MOVE, SEARCH.value(), SEARCH, EXECUTE.value(), EXECUTE, THINK.value(), THINK,
			FETCH.value(), FETCH, SWITCH_MODE.value(), SWITCH_MODE, OTHER.value(), OTHER);

	private ToolKind(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static ToolKind of(String value) {
		ToolKind known = KNOWN.get(value);
		return (known != null) ? known : new ToolKind(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static ToolKind custom(String value) {
		return new ToolKind(requireCustom(value), false);
	}

}
