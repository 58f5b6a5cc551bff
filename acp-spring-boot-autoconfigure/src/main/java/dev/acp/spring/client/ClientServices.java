package dev.acp.spring.client;

import org.jspecify.annotations.Nullable;

/**
 * What a client serves to its agent.
 *
 * @param permissionPolicy answers permission requests
 * @param fileSystem serves {@code fs/*}, or {@code null} for none
 * @param fileWrites whether {@code fs/write_text_file} is served (with a file system)
 * @param terminals creates each connection's terminals, or {@code null} for none
 * @param extensions the client extension methods
 */
record ClientServices(AcpPermissionPolicy permissionPolicy, @Nullable AcpClientFileSystem fileSystem,
		boolean fileWrites, AcpClientTerminals.@Nullable Factory terminals, AcpClientExtensions extensions) {

}
