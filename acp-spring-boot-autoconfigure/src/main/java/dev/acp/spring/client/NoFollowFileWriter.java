package dev.acp.spring.client;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.UUID;

import dev.acp.spring.method.AcpException;
import org.jspecify.annotations.Nullable;

/**
 * Writes a file below a directory without following a symbolic link anywhere below it.
 * Where the platform offers a {@link SecureDirectoryStream} (Linux, macOS), each
 * directory is opened relative to the one above it with {@code O_NOFOLLOW}
 * ({@code openat}), the content goes to a new file created next to the target
 * ({@code O_CREAT|O_EXCL}) and is renamed over it ({@code renameat}, which replaces a
 * name and never follows it): a link swapped in after a check is refused or replaced, not
 * followed. Elsewhere each component is checked, then the same new-file-and-rename is
 * done by path.
 *
 * @author ACP Spring Boot Starter contributors
 */
final class NoFollowFileWriter {

	private static final LinkOption NOFOLLOW = LinkOption.NOFOLLOW_LINKS;

	private NoFollowFileWriter() {
	}

	/**
	 * Write a file, creating its missing directories.
	 * @param root the real directory the file lies below
	 * @param relative the file's path below the root (normalized, not empty)
	 * @param content the text, written as UTF-8
	 * @param requested the path as the agent sent it, for errors
	 * @throws AcpException -32602 when a component is a symbolic link, a component is not
	 * a directory, or the file is not a regular file
	 * @throws IOException when the file system fails
	 */
	static void write(Path root, Path relative, String content, String requested) throws IOException {
		byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
		try (DirectoryStream<Path> stream = Files.newDirectoryStream(root)) {
			if (stream instanceof SecureDirectoryStream<Path> secure) {
				writeSecurely(secure, root, relative, bytes, requested);
				return;
			}
		}
		writeByPath(root, relative, bytes, requested);
	}

	private static void writeSecurely(SecureDirectoryStream<Path> rootStream, Path root, Path relative, byte[] bytes,
			String requested) throws IOException {
		Deque<SecureDirectoryStream<Path>> opened = new ArrayDeque<>();
		try {
			SecureDirectoryStream<Path> directory = rootStream;
			Path current = root;
			for (int i = 0; i < relative.getNameCount() - 1; i++) {
				Path name = relative.getName(i);
				BasicFileAttributes attributes = attributes(directory, name);
				if (attributes == null) {
					createDirectory(current.resolve(name));
				}
				else {
					checkDirectory(attributes, requested);
				}
				try {
					directory = directory.newDirectoryStream(name, NOFOLLOW);
				}
				catch (IOException ex) {
					throw ConfinedFileSystem.invalid("path", "passes through a symbolic link or a changing directory");
				}
				opened.push(directory);
				current = current.resolve(name);
			}
			Path name = relative.getFileName();
			BasicFileAttributes existing = attributes(directory, name);
			Set<PosixFilePermission> permissions = null;
			if (existing != null) {
				checkRegularFile(existing, requested);
				permissions = directory.getFileAttributeView(name, PosixFileAttributeView.class, NOFOLLOW)
					.readAttributes()
					.permissions();
			}
			Path temporary = name.getFileSystem().getPath(".acp-" + UUID.randomUUID() + ".tmp");
			try {
				try (SeekableByteChannel channel = directory.newByteChannel(temporary,
						Set.of(StandardOpenOption.WRITE, StandardOpenOption.CREATE_NEW, NOFOLLOW))) {
					writeFully(channel, bytes);
				}
				if (permissions != null) {
					directory.getFileAttributeView(temporary, PosixFileAttributeView.class, NOFOLLOW)
						.setPermissions(permissions);
				}
				directory.move(temporary, directory, name);
			}
			catch (IOException ex) {
				deleteQuietly(directory, temporary);
				throw ex;
			}
		}
		finally {
			for (SecureDirectoryStream<Path> stream : opened) {
				stream.close();
			}
		}
	}

	static void writeByPath(Path root, Path relative, byte[] bytes, String requested) throws IOException {
		Path current = root;
		for (int i = 0; i < relative.getNameCount() - 1; i++) {
			current = current.resolve(relative.getName(i));
			BasicFileAttributes attributes = attributes(current);
			if (attributes == null) {
				createDirectory(current);
			}
			else {
				checkDirectory(attributes, requested);
			}
		}
		Path file = current.resolve(relative.getFileName());
		BasicFileAttributes existing = attributes(file);
		if (existing != null) {
			checkRegularFile(existing, requested);
		}
		Path temporary = Files.createTempFile(current, ".acp-", ".tmp");
		try {
			try (SeekableByteChannel channel = Files.newByteChannel(temporary, StandardOpenOption.WRITE,
					StandardOpenOption.TRUNCATE_EXISTING, NOFOLLOW)) {
				writeFully(channel, bytes);
			}
			Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			Files.deleteIfExists(temporary);
			throw ex;
		}
	}

	private static void checkDirectory(BasicFileAttributes attributes, String requested) {
		if (attributes.isSymbolicLink()) {
			throw ConfinedFileSystem.symbolicLink(requested);
		}
		if (!attributes.isDirectory()) {
			throw ConfinedFileSystem.invalid("path", "passes through a file that is not a directory");
		}
	}

	private static void checkRegularFile(BasicFileAttributes attributes, String requested) {
		if (attributes.isSymbolicLink()) {
			throw ConfinedFileSystem.symbolicLink(requested);
		}
		if (attributes.isDirectory()) {
			throw ConfinedFileSystem.invalid("path", "is a directory");
		}
		if (!attributes.isRegularFile()) {
			throw ConfinedFileSystem.invalid("path", "is not a regular file");
		}
	}

	private static void createDirectory(Path directory) throws IOException {
		try {
			Files.createDirectory(directory);
		}
		catch (FileAlreadyExistsException ex) {
			// created meanwhile: opened (without following a link) next
		}
	}

	private static @Nullable BasicFileAttributes attributes(SecureDirectoryStream<Path> directory, Path name)
			throws IOException {
		try {
			return directory.getFileAttributeView(name, BasicFileAttributeView.class, NOFOLLOW).readAttributes();
		}
		catch (NoSuchFileException ex) {
			return null;
		}
	}

	private static @Nullable BasicFileAttributes attributes(Path path) throws IOException {
		try {
			return Files.readAttributes(path, BasicFileAttributes.class, NOFOLLOW);
		}
		catch (NoSuchFileException ex) {
			return null;
		}
	}

	private static void writeFully(SeekableByteChannel channel, byte[] bytes) throws IOException {
		ByteBuffer buffer = ByteBuffer.wrap(bytes);
		while (buffer.hasRemaining()) {
			channel.write(buffer);
		}
	}

	private static void deleteQuietly(SecureDirectoryStream<Path> directory, Path temporary) {
		try {
			directory.deleteFile(temporary);
		}
		catch (IOException ex) {
			// never created, or gone already
		}
	}

}
