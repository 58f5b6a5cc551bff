/**
 * The ACP v1 schema as Java types: a record for every request, response, notification and
 * capability, open string values ({@link dev.acp.spring.protocol.OpenValue}) that keep
 * unknown strings, tagged unions that keep unknown variants whole, method names
 * ({@link dev.acp.spring.protocol.AcpMethods}) and error codes
 * ({@link dev.acp.spring.protocol.AcpErrorCodes}).
 * <p>
 * Knows Jackson and nothing else of the starter; handler methods take and return these
 * types.
 */
package dev.acp.spring.protocol;
