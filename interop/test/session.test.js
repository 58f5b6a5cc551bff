// session/new, session/prompt (echo chunk before the answer), the
// zed.dev workspace buffers round-trip, and session/cancel.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startAgent } from "../lib/agent.js";

const BUFFERS_METHOD = "_zed.dev/workspace/buffers";
const BUFFERS_REPLY = { buffers: [{ id: 0, path: "/src/main.rs" }] };

/** Starts an agent whose client answers the buffers request and records its params. */
async function startWithBuffersHandler(label, workspace) {
  const bufferCalls = [];
  const a = await startAgent({
    label,
    configure: (app) =>
      // Custom methods need a params parser; an identity function keeps them raw.
      app.onRequest(BUFFERS_METHOD, (params) => params, ({ params }) => {
        bufferCalls.push(params);
        return BUFFERS_REPLY;
      }),
  });
  await a.initialize({ workspace });
  return { a, bufferCalls };
}

/**
 * Sends a one-text-block prompt in a fresh session and returns the answer plus
 * where things landed on the wire.
 */
async function promptInNewSession(a, text) {
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
async function singleChunkText(a, turn) {
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

describe("sessions with a workspace-capable client", { timeout: 180_000 }, () => {
  let a;
  let bufferCalls;

  before(async () => {
    ({ a, bufferCalls } = await startWithBuffersHandler("session", true));
  });

  after(() => a?.close());

  test("session/new returns distinct sess_ ids", async () => {
    const first = await a.newSession();
    const second = await a.newSession();
    assert.match(first.sessionId, /^sess_.+/);
    assert.match(second.sessionId, /^sess_.+/);
    assert.notEqual(first.sessionId, second.sessionId);
  });

  test("session/prompt echoes the text as one chunk, then ends the turn", async () => {
    const turn = await promptInNewSession(a, "hello");
    assert.equal(turn.result.stopReason, "end_turn", `prompt answer ${JSON.stringify(turn.result)}`);
    assert.equal(await singleChunkText(a, turn), "hello");
  });

  test("prompt 'buffers' asks the client for rust buffers and echoes the result", async () => {
    const before = bufferCalls.length;
    const turn = await promptInNewSession(a, "buffers");
    assert.equal(turn.result.stopReason, "end_turn", `prompt answer ${JSON.stringify(turn.result)}`);
    assert.equal(bufferCalls.length - before, 1, `${BUFFERS_METHOD} calls during the prompt`);
    assert.deepStrictEqual(bufferCalls.at(-1), { language: "rust" });
    const requestAt = a.wire.indexOf((m) => m.method === BUFFERS_METHOD && "id" in m);
    assert.ok(requestAt >= 0 && requestAt < turn.updatesAt[0], "buffers request comes before the chunk");
    const text = await singleChunkText(a, turn);
    assert.deepStrictEqual(JSON.parse(text), BUFFERS_REPLY, `chunk text was ${JSON.stringify(text)}`);
  });

  test("session/cancel ends an in-flight 'wait' prompt with stopReason cancelled", async () => {
    const { sessionId } = await a.newSession();
    let settled = false;
    const prompt = a.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "wait" }] }, 25_000);
    prompt.then(
      () => (settled = true),
      () => (settled = true),
    );
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(settled, false, "the 'wait' prompt should still be running after 300 ms");
    await a.notify("session/cancel", { sessionId });
    const result = await prompt;
    assert.equal(result.stopReason, "cancelled", `prompt answer ${JSON.stringify(result)}`);
  });

  test("agent output is valid JSON-RPC 2.0 and matches the ACP schema", () => {
    a.wire.assertClean();
    for (const def of ["InitializeResponse", "NewSessionResponse", "PromptResponse", "SessionNotification"]) {
      assert.ok(a.wire.validated[def] >= 1, `no ${def} was schema-validated`);
    }
  });
});

describe("sessions with a client lacking the workspace capability", { timeout: 120_000 }, () => {
  let a;
  let bufferCalls;

  before(async () => {
    ({ a, bufferCalls } = await startWithBuffersHandler("session-noworkspace", false));
  });

  after(() => a?.close());

  test("prompt 'buffers' is a plain echo and no buffers request is made", async () => {
    const turn = await promptInNewSession(a, "buffers");
    assert.equal(turn.result.stopReason, "end_turn", `prompt answer ${JSON.stringify(turn.result)}`);
    assert.equal(await singleChunkText(a, turn), "buffers");
    assert.deepStrictEqual(bufferCalls, []);
    assert.equal(a.wire.indexOf((m) => m.method === BUFFERS_METHOD), -1, "no buffers request on the wire");
  });

  test("agent output is valid JSON-RPC 2.0 and matches the ACP schema", () => {
    a.wire.assertClean();
  });
});
