package dev.acp.spring.jsonrpc;

/**
 * Where a connection writes its outbound frames; implemented by a transport. Frames are
 * complete single-line JSON messages without a terminator. Implementations must be safe
 * for concurrent use and keep the order of calls made by one thread.
 *
 * @author ACP Spring Boot Starter contributors
 */
@FunctionalInterface
public interface MessageSink {

	/**
	 * Send one frame.
	 * @param frame the encoded message
	 */
	void send(byte[] frame);

}
