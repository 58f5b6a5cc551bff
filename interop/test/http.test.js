// Streamable HTTP contract, on one agent started with --acp.transport=http and
// driven by the official SDK's HTTP client (createHttpStream): the initialize
// answer carries Acp-Connection-Id, simultaneous connections are independent
// (each its own initialize, client capabilities and streams), the agent's call
// back to the client travels over the session stream and the client's POSTed
// answer reaches it, a 1 MiB message goes both ways, and closing one connection
// (the SDK sends DELETE) leaves the other working. The per-method checks
// (handshake, extensions, analytics, sessions with cancel, tool calls with
// permission requests) run over HTTP in the other test files.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { connectClient, spawnAgent, TRANSPORTS } from "../lib/agent.js";
import { BUFFERS_METHOD, BUFFERS_REPLY, buffersHandler, promptInNewSession, singleChunkText } from "../lib/prompt.js";

const CONNECTION_ID_HEADER = "acp-connection-id"; // fetch lower-cases header names

const skip = TRANSPORTS.includes("http") ? false : "ACP_INTEROP_TRANSPORTS excludes http";

describe("streamable http transport", { timeout: 180_000, skip }, () => {
  let proc;
  const clients = [];

  before(async () => {
    proc = await spawnAgent({ label: "http", transport: "http" });
  });

  after(async () => {
    for (const c of clients) c.conn.close();
    await proc?.stop(); // SIGTERM; fails if the agent is still running after 15 s
  });

  describe("two simultaneous connections", () => {
    let withWs; // advertises _meta["zed.dev"].workspace
    let withoutWs; // does not
    const callsWith = [];
    const callsWithout = [];

    before(async () => {
      withWs = connectClient(proc, { configure: buffersHandler(callsWith) });
      withoutWs = connectClient(proc, { configure: buffersHandler(callsWithout) });
      clients.push(withWs, withoutWs);
      await withWs.within(
        "both initialize",
        Promise.all([withWs.initialize({ workspace: true }), withoutWs.initialize({ workspace: false })]),
      );
    });

    test("each initialize is answered 200 with its own Acp-Connection-Id", () => {
      const handshakes = [withWs.wire.handshake, withoutWs.wire.handshake];
      for (const h of handshakes) {
        assert.equal(h?.statusCode, 200, `initialize answer ${JSON.stringify(h)}`);
        assert.match(h.headers[CONNECTION_ID_HEADER] ?? "", /\S/, `headers ${JSON.stringify(h.headers)}`);
      }
      assert.notEqual(handshakes[0].headers[CONNECTION_ID_HEADER], handshakes[1].headers[CONNECTION_ID_HEADER]);
    });

    test("prompt 'buffers' calls the client only on the connection that advertised the workspace", async () => {
      const [turnWith, turnWithout] = await withWs.within(
        "prompts on both connections",
        Promise.all([promptInNewSession(withWs, "buffers"), promptInNewSession(withoutWs, "buffers")]),
      );
      assert.notEqual(turnWith.sessionId, turnWithout.sessionId);
      assert.equal(turnWith.result.stopReason, "end_turn", `prompt answer ${JSON.stringify(turnWith.result)}`);
      const withoutMeta = callsWith.map(({ _meta: meta, ...params }) => params);
      assert.deepStrictEqual(withoutMeta, [{ language: "rust" }], `${BUFFERS_METHOD} calls on the workspace connection`);
      const text = await singleChunkText(withWs, turnWith);
      assert.deepStrictEqual(JSON.parse(text), BUFFERS_REPLY, `chunk text was ${JSON.stringify(text)}`);

      assert.equal(turnWithout.result.stopReason, "end_turn", `prompt answer ${JSON.stringify(turnWithout.result)}`);
      assert.equal(await singleChunkText(withoutWs, turnWithout), "buffers");
      assert.deepStrictEqual(callsWithout, [], `${BUFFERS_METHOD} calls on the connection without the capability`);
    });

    test("a 1 MiB message is echoed exactly", async () => {
      const big = "x".repeat(1024 * 1024);
      const echo = await withoutWs.request("_demo.acp/echo", { big });
      assert.equal(echo.params.big.length, big.length);
      assert.equal(echo.params.big, big);
    });

    test("messages of one connection never show up on the other", () => {
      const sessionsOf = (c) =>
        new Set(c.wire.outbound.filter((m) => m.method === "session/prompt").map((m) => m.params.sessionId));
      for (const [mine, other] of [
        [withWs, withoutWs],
        [withoutWs, withWs],
      ]) {
        const foreign = sessionsOf(other);
        const leaked = mine.wire.inbound.filter((m) => foreign.has(m.params?.sessionId));
        assert.deepEqual(leaked, [], "notifications for the other connection's session");
      }
    });

    test("agent output on both connections is valid JSON-RPC 2.0 and matches the ACP schema", () => {
      for (const c of [withWs, withoutWs]) {
        c.wire.assertClean();
        for (const def of ["InitializeResponse", "NewSessionResponse", "PromptResponse", "SessionNotification"]) {
          assert.ok(c.wire.validated[def] >= 1, `no ${def} was schema-validated`);
        }
      }
    });

    test("closing one connection (DELETE) leaves the other working", async () => {
      await withWs.conn.close();
      await withWs.until("the DELETE of the closed connection", () => withWs.wire.httpRequests.DELETE >= 1);
      const echo = await withoutWs.request("_demo.acp/echo", { still: "here" });
      assert.deepStrictEqual(echo, { params: { still: "here" } });
    });
  });
});
