/**
 * The ACP v1 schema as Java types: a record for every request, response, notification and
 * capability, open string values ({@link dev.acp.spring.protocol.OpenValue}) that keep
 * unknown strings, tagged unions that keep unknown variants whole, method names
 * ({@link dev.acp.spring.protocol.AcpMethods}) and error codes
 * ({@link dev.acp.spring.protocol.AcpErrorCodes}).
 * <p>
 * Knows Jackson and nothing else of the starter; handler methods take and return these
 * types.
 * <p>
 * Nullness is declared with JSpecify, as in Spring Framework 7: everything is non-null
 * unless marked {@link org.jspecify.annotations.Nullable @Nullable}. An optional field of
 * the schema is a {@code @Nullable} record component, left out of the JSON when
 * {@code null}; the records people build by hand have builders or static factories (such
 * as {@link dev.acp.spring.protocol.SessionUpdate.ToolCall#builder}) so that the optional
 * fields need not be passed as {@code null}.
 */
@NullMarked
package dev.acp.spring.protocol;

import org.jspecify.annotations.NullMarked;
