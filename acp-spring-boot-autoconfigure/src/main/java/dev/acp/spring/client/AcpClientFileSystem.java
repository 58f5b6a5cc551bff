package dev.acp.spring.client;

import dev.acp.spring.protocol.ReadTextFileRequest;
import dev.acp.spring.protocol.ReadTextFileResponse;
import dev.acp.spring.protocol.WriteTextFileRequest;
import dev.acp.spring.protocol.WriteTextFileResponse;

/**
 * Serves the {@code fs/read_text_file} and {@code fs/write_text_file} calls of agents.
 * Declare a bean to replace the default, {@link #confined()}. Throw an
 * {@link dev.acp.spring.method.AcpException} to answer a precise error.
 *
 * @author ACP Spring Boot Starter contributors
 */
public interface AcpClientFileSystem {

	/**
	 * Read a text file for an agent.
	 * @param request the request (an absolute path, optional 1-based line and line limit)
	 * @param session the session it belongs to
	 * @return the content
	 */
	ReadTextFileResponse readTextFile(ReadTextFileRequest request, AcpAgentSession session);

	/**
	 * Write a text file for an agent.
	 * @param request the request
	 * @param session the session it belongs to
	 * @return the answer
	 */
	WriteTextFileResponse writeTextFile(WriteTextFileRequest request, AcpAgentSession session);

	/**
	 * Real files, confined to the working directory of the session, a read returning at
	 * most 4 MiB.
	 * @return the file system
	 * @see #confined(long)
	 */
	static AcpClientFileSystem confined() {
		return ConfinedFileSystem.INSTANCE;
	}

	/**
	 * Real files, confined to the working directory of the session: a path outside it,
	 * through {@code ..} or a symbolic link, is refused with -32602; a write never passes
	 * through a symbolic link (-32602); a read returns a regular file's text only (a FIFO
	 * or device is -32602), streamed, and at most {@code maxReadBytes} of it (more is
	 * -32602: the agent reads such a file in parts with {@code line} and {@code limit}).
	 * @param maxReadBytes the most bytes one read returns
	 * @return the file system
	 */
	static AcpClientFileSystem confined(long maxReadBytes) {
		return new ConfinedFileSystem(maxReadBytes);
	}

}
