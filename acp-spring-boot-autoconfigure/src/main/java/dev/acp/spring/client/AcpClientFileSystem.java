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
	 * Real files, confined to the working directory of the session: a path outside it,
	 * through {@code ..} or a symbolic link, is refused with -32602.
	 * @return the file system
	 */
	static AcpClientFileSystem confined() {
		return ConfinedFileSystem.INSTANCE;
	}

}
