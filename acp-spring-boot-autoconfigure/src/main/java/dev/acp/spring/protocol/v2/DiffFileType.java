package dev.acp.spring.protocol.v2;

import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import dev.acp.spring.protocol.OpenValue;

/**
 * Kind of file content represented by a diff change. Unknown values are kept verbatim.
 *
 * @author ACP Spring Boot Starter contributors
 */
public final class DiffFileType extends OpenValue {

	/** Text content. */
	public static final DiffFileType TEXT = new DiffFileType("text", true);

	/** Binary or otherwise non-text content. */
	public static final DiffFileType BINARY = new DiffFileType("binary", true);

	/** Directory entry. */
	public static final DiffFileType DIRECTORY = new DiffFileType("directory", true);

	/** Symbolic link. */
	public static final DiffFileType SYMLINK = new DiffFileType("symlink", true);

	private static final Map<String, DiffFileType> KNOWN = Map.of(TEXT.value(), TEXT, BINARY.value(), BINARY,
			DIRECTORY.value(), DIRECTORY, SYMLINK.value(), SYMLINK);

	private DiffFileType(String value, boolean known) {
		super(value, known);
	}

	/**
	 * The value for a wire string, known or not.
	 * @param value the value
	 * @return the value object
	 */
	@JsonCreator
	public static DiffFileType of(String value) {
		DiffFileType known = KNOWN.get(value);
		return (known != null) ? known : new DiffFileType(value, false);
	}

	/**
	 * A custom value.
	 * @param value the value, starting with {@code _}
	 * @return the value object
	 */
	public static DiffFileType custom(String value) {
		return new DiffFileType(requireCustom(value), false);
	}

}
