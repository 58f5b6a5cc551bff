// Prompt-turn helpers shared by the session and WebSocket tests: the client
// side of the zed.dev workspace buffers request, and checks of one prompt turn
// (one agent_message_chunk, sent before the session/prompt answer).

import assert from "node:assert/strict";

export const BUFFERS_METHOD = "_zed.dev/workspace/buffers";
export const BUFFERS_REPLY = { buffers: [{ id: 0, path: "/src/main.rs" }] };

/**
 * `configure` hook for `startAgent` / `connectClient`: answers the buffers
 * request with BUFFERS_REPLY and pushes its params onto `bufferCalls`.
 */
export function buffersHandler(bufferCalls) {
  return (app) =>
    // Custom methods need a params parser; an identity function keeps them raw.
    app.onRequest(BUFFERS_METHOD, (params) => params, ({ params }) => {
      bufferCalls.push(params);
      return BUFFERS_REPLY;
    });
}

/**
 * Sends a one-text-block prompt in a fresh session and returns the answer plus
 * where things landed on the wire.
 */
export async function promptInNewSession(a, text) {
  const { sessionId } = await a.newSession();
  const result = await a.request("session/prompt", { sessionId, prompt: [{ type: "text", text }] });
  const promptId = a.wire.requestId("session/prompt", (p) => p.sessionId === sessionId);
  const responseAt = a.wire.responseIndex(promptId);
  const updatesAt = [];
  a.wire.inbound.forEach((m, i) => {
    if (m.method === "session/update" && m.params?.sessionId === sessionId) updatesAt.push(i);
  });
  return { sessionId, result, responseAt, updatesAt };
}

/** The single agent_message_chunk text of a prompt turn, checked on the wire and through the SDK. */
export async function singleChunkText(a, turn) {
  const { sessionId, updatesAt, responseAt } = turn;
  assert.equal(updatesAt.length, 1, `expected one session/update for ${sessionId}, got ${updatesAt.length}`);
  assert.ok(updatesAt[0] < responseAt, "session/update must arrive before the session/prompt answer");
  const update = a.wire.inbound[updatesAt[0]].params.update;
  assert.equal(update.sessionUpdate, "agent_message_chunk");
  assert.equal(update.content?.type, "text");
  // The same notification must also have been accepted and delivered by the SDK.
  await a.until(`SDK delivery of the session/update for ${sessionId}`, () =>
    a.updates.some((u) => u.sessionId === sessionId),
  );
  const viaSdk = a.updates.filter((u) => u.sessionId === sessionId);
  assert.equal(viaSdk.length, 1);
  assert.deepStrictEqual(viaSdk[0].update.content, update.content);
  return update.content.text;
}
