package dev.acp.spring.client;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Map;

import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.protocol.AcpErrorCodes;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.WriteTextFileRequest;
import dev.acp.spring.protocol.WriteTextFileResponse;

import org.springframework.util.Assert;

/**
 * Real files, confined to the working directory of the session: the path must be absolute
 * and lie inside the directory. A read may pass through symbolic links whose target lies
 * inside too, and reads a regular file only, streamed, up to a bound in bytes; a write
 * passes through no symbolic link at all (see {@link NoFollowFileWriter}).
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ConfinedFileSystem implements AcpClientFileSystem {

	/** The default bound of what one read returns: 4 MiB. */
	static final long DEFAULT_MAX_READ_BYTES = 4L * 1024 * 1024;

	static final ConfinedFileSystem INSTANCE = new ConfinedFileSystem(DEFAULT_MAX_READ_BYTES);

	private final long maxReadBytes;

	ConfinedFileSystem(long maxReadBytes) {
		Assert.isTrue(maxReadBytes > 0, "The bound of a file read must be positive");
		this.maxReadBytes = maxReadBytes;
	}

	@Override
	public ReadTextFileResponse readTextFile(ReadTextFileRequest request, AcpAgentSession session) {
		Integer line = request.line();
		Integer limit = request.limit();
		if (line != null && line < 1) {
			throw invalid("line", "must be 1 or more");
		}
		if (limit != null && limit < 0) {
			throw invalid("limit", "must not be negative");
		}
		Path file = confine(request.path(), session.cwd());
		String content;
		try {
			if (!Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isRegularFile()) {
				throw invalid("path", "is not a regular file");
			}
			CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
				.onMalformedInput(CodingErrorAction.REPORT)
				.onUnmappableCharacter(CodingErrorAction.REPORT);
			try (Reader reader = new InputStreamReader(
					Files.newInputStream(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS), decoder)) {
				content = TextFileSlice.read(reader, line, limit, this.maxReadBytes);
			}
		}
		catch (NoSuchFileException ex) {
			throw notFound(request.path());
		}
		catch (CharacterCodingException ex) {
			throw invalid("path", "is not a UTF-8 text file");
		}
		catch (TextFileSlice.TooLargeException ex) {
			throw invalid("path", "is larger than the client's limit of " + this.maxReadBytes
					+ " bytes; read it in parts with line and limit");
		}
		catch (IOException ex) {
			throw new AcpException(JsonRpcError.INTERNAL_ERROR, "Internal error", "The file could not be read");
		}
		return new ReadTextFileResponse(content, null, Map.of());
	}

	@Override
	public WriteTextFileResponse writeTextFile(WriteTextFileRequest request, AcpAgentSession session) {
		Path cwd = session.cwd();
		Path root = realRoot(cwd);
		Path relative = relativeToRoot(request.path(), cwd, root);
		if (relative.toString().isEmpty()) {
			throw invalid("path", "is a directory");
		}
		try {
			NoFollowFileWriter.write(root, relative, request.content(), request.path());
		}
		catch (IOException ex) {
			throw new AcpException(JsonRpcError.INTERNAL_ERROR, "Internal error", "The file could not be written");
		}
		return new WriteTextFileResponse(null, Map.of());
	}

	/**
	 * The path a requested one names below the working directory, as written (not
	 * resolving links).
	 * @param requested the path the agent sent
	 * @param cwd the working directory of the session
	 * @param root its real path
	 * @return the path relative to the working directory
	 */
	private static Path relativeToRoot(String requested, Path cwd, Path root) {
		Path normalized = absolute(requested).normalize();
		Path written = cwd.toAbsolutePath().normalize();
		if (normalized.startsWith(written)) {
			return written.relativize(normalized);
		}
		if (normalized.startsWith(root)) {
			return root.relativize(normalized);
		}
		throw outside(requested);
	}

	private static Path absolute(String requested) {
		Path path;
		try {
			path = Path.of(requested);
		}
		catch (InvalidPathException ex) {
			throw invalid("path", "is not a valid path");
		}
		if (!path.isAbsolute()) {
			throw invalid("path", "must be absolute");
		}
		return path;
	}

	/**
	 * The existing file a requested path names, if it lies inside the working directory.
	 * @param requested the path the agent sent
	 * @param cwd the working directory of the session
	 * @return the real path of the file
	 */
	static Path confine(String requested, Path cwd) {
		Path root = realRoot(cwd);
		Path normalized = absolute(requested).normalize();
		if (!normalized.startsWith(cwd.toAbsolutePath().normalize()) && !normalized.startsWith(root)) {
			throw outside(requested);
		}
		Path real;
		try {
			real = normalized.toRealPath();
		}
		catch (IOException ex) {
			throw notFound(requested);
		}
		if (!real.startsWith(root)) {
			throw outside(requested);
		}
		if (Files.isDirectory(real, LinkOption.NOFOLLOW_LINKS)) {
			throw invalid("path", "is a directory");
		}
		return real;
	}

	private static Path realRoot(Path cwd) {
		try {
			return cwd.toRealPath();
		}
		catch (IOException ex) {
			throw new AcpException(JsonRpcError.INTERNAL_ERROR, "Internal error",
					"The working directory of the session does not exist");
		}
	}

	private static AcpException outside(String path) {
		return new AcpException(JsonRpcError.INVALID_PARAMS, "Invalid params", List
			.of(Map.of("field", "path", "message", "is outside the working directory of the session", "path", path)));
	}

	private static AcpException notFound(String path) {
		return new AcpException(AcpErrorCodes.RESOURCE_NOT_FOUND, "Resource not found", Map.of("path", path));
	}

	static AcpException symbolicLink(String path) {
		return new AcpException(JsonRpcError.INVALID_PARAMS, "Invalid params", List.of(Map.of("field", "path",
				"message", "passes through a symbolic link, which a write never follows", "path", path)));
	}

	static AcpException invalid(String field, String message) {
		return new AcpException(JsonRpcError.INVALID_PARAMS, "Invalid params",
				List.of(Map.of("field", field, "message", message)));
	}

}
