// session/new, session/prompt (echo chunk before the answer), the
// zed.dev workspace buffers round-trip, and session/cancel, per transport.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startAgent, TRANSPORTS } from "../lib/agent.js";
import { BUFFERS_METHOD, BUFFERS_REPLY, buffersHandler, promptInNewSession, singleChunkText } from "../lib/prompt.js";

/** Starts an agent whose client answers the buffers request and records its params. */
async function startWithBuffersHandler(label, transport, workspace) {
  const bufferCalls = [];
  const a = await startAgent({ label, transport, configure: buffersHandler(bufferCalls) });
  await a.initialize({ workspace });
  return { a, bufferCalls };
}

for (const transport of TRANSPORTS) {
  describe(`sessions with a workspace-capable client [${transport}]`, { timeout: 180_000 }, () => {
    let a;
    let bufferCalls;

    before(async () => {
      ({ a, bufferCalls } = await startWithBuffersHandler(`session-${transport}`, transport, true));
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
      // The demo traces its calls: the W3C trace context rides in _meta, as ACP reserves it for
      const { _meta: meta, ...params } = bufferCalls.at(-1);
      assert.deepStrictEqual(params, { language: "rust" });
      if (meta !== undefined) {
        assert.match(meta.traceparent, /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/, `_meta was ${JSON.stringify(meta)}`);
      }
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

  describe(`sessions with a client lacking the workspace capability [${transport}]`, { timeout: 120_000 }, () => {
    let a;
    let bufferCalls;

    before(async () => {
      ({ a, bufferCalls } = await startWithBuffersHandler(`session-noworkspace-${transport}`, transport, false));
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
}
