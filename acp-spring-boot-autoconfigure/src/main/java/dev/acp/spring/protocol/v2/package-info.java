/**
 * The ACP v2 schema (Preview) as Java types, beside the v1 types of
 * {@code dev.acp.spring.protocol}: a record for every request, response, notification and
 * capability, open string values ({@link dev.acp.spring.protocol.OpenValue}) that keep
 * unknown strings, and tagged unions.
 * <p>
 * Open and closed values follow the open-enum rule of ACP v2: a value starting with
 * {@code _} belongs to an extension, any other to ACP. Where a receiver has a safe
 * fallback (session updates, content, tool call content, display data) an unknown value
 * or variant is kept verbatim ({@code Unknown} variants keep the discriminator and the
 * whole object); a discriminator that decides how a request is fulfilled (permission
 * outcome, elicitation mode and action, elicitation schema shapes, MCP transport, replay
 * cursor) is closed and an unknown value fails. A known discriminator with a malformed
 * payload is never kept as an unknown variant.
 * <p>
 * Malformed values are read as the schema says: a property marked
 * {@code x-deserialize-default-on-error} whose value does not deserialize is read as left
 * out (a required array as empty), and an item of an array marked
 * {@code x-deserialize-skip-invalid-items} that does not deserialize is dropped; the rest
 * of the message is kept. Any other malformed value fails the whole message.
 * <p>
 * Nullness is declared with JSpecify: everything is non-null unless marked
 * {@link org.jspecify.annotations.Nullable @Nullable}. An optional field of the schema is
 * a {@code @Nullable} record component, left out of the JSON when {@code null}.
 */
@NullMarked
package dev.acp.spring.protocol.v2;

import org.jspecify.annotations.NullMarked;
