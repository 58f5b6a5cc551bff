package dev.acp.spring.client;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.acp.spring.jsonrpc.JsonRpcError;
import dev.acp.spring.method.AcpException;
import dev.acp.spring.protocol.AcpErrorCodes;
import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.WriteTextFileRequest;
import dev.acp.spring.protocol.WriteTextFileResponse;
import org.jspecify.annotations.Nullable;

/**
 * Real files, confined to the working directory of the session: the path must be
 * absolute, and both the path as written and the file it resolves to (through symbolic
 * links) must lie inside the directory.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class ConfinedFileSystem implements AcpClientFileSystem {

	static final ConfinedFileSystem INSTANCE = new ConfinedFileSystem();

	private ConfinedFileSystem() {
	}

	@Override
	public ReadTextFileResponse readTextFile(ReadTextFileRequest request, AcpAgentSession session) {
		Path file = confine(request.path(), session.cwd(), false);
		Integer line = request.line();
		Integer limit = request.limit();
		if (line != null && line < 1) {
			throw invalid("line", "must be 1 or more");
		}
		if (limit != null && limit < 0) {
			throw invalid("limit", "must not be negative");
		}
		String content;
		try {
			content = Files.readString(file, StandardCharsets.UTF_8);
		}
		catch (NoSuchFileException ex) {
			throw notFound(request.path());
		}
		catch (CharacterCodingException ex) {
			throw invalid("path", "is not a UTF-8 text file");
		}
		catch (IOException ex) {
			throw new AcpException(JsonRpcError.INTERNAL_ERROR, "Internal error", "The file could not be read");
		}
		return new ReadTextFileResponse(slice(content, line, limit), null, null);
	}

	private static String slice(String content, @Nullable Integer line, @Nullable Integer limit) {
		if (line == null && limit == null) {
			return content;
		}
		int first = (line != null) ? line - 1 : 0;
		int start = 0;
		for (int i = 0; i < first; i++) {
			int next = content.indexOf('\n', start);
			if (next < 0) {
				return "";
			}
			start = next + 1;
		}
		if (limit == null) {
			return content.substring(start);
		}
		int end = start;
		for (int i = 0; i < limit; i++) {
			int next = content.indexOf('\n', end);
			if (next < 0) {
				return content.substring(start);
			}
			end = next + 1;
		}
		return content.substring(start, end);
	}

	@Override
	public WriteTextFileResponse writeTextFile(WriteTextFileRequest request, AcpAgentSession session) {
		Path file = confine(request.path(), session.cwd(), true);
		try {
			Files.createDirectories(file.getParent());
			Files.writeString(file, request.content(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new AcpException(JsonRpcError.INTERNAL_ERROR, "Internal error", "The file could not be written");
		}
		return new WriteTextFileResponse(null, null);
	}

	/**
	 * The file a requested path names, if it lies inside the working directory.
	 * @param requested the path the agent sent
	 * @param cwd the working directory of the session
	 * @param forWriting whether the file may not exist yet
	 * @return the real path of the file
	 */
	static Path confine(String requested, Path cwd, boolean forWriting) {
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
		Path root = realRoot(cwd);
		Path normalized = path.normalize();
		if (!normalized.startsWith(cwd.toAbsolutePath().normalize()) && !normalized.startsWith(root)) {
			throw outside(requested);
		}
		Path existing = normalized;
		Path rest = null;
		while (existing != null && !Files.exists(existing)) {
			rest = (rest != null) ? existing.getFileName().resolve(rest) : existing.getFileName();
			existing = existing.getParent();
		}
		if (existing == null) {
			throw outside(requested);
		}
		if (rest != null && !forWriting) {
			throw notFound(requested);
		}
		Path real;
		try {
			real = existing.toRealPath();
		}
		catch (IOException ex) {
			throw notFound(requested);
		}
		if (!real.startsWith(root)) {
			throw outside(requested);
		}
		Path file = (rest != null) ? real.resolve(rest) : real;
		if (Files.isDirectory(file)) {
			throw invalid("path", "is a directory");
		}
		return file;
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

	private static AcpException invalid(String field, String message) {
		return new AcpException(JsonRpcError.INVALID_PARAMS, "Invalid params",
				List.of(Map.of("field", field, "message", message)));
	}

}
