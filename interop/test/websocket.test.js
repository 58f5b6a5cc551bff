// WebSocket-only contract, on one agent started with --acp.transport=websocket:
// the handshake response carries Acp-Connection-Id, a binary frame is ignored
// (the socket stays open), and simultaneous connections are independent (each has its
// own initialize and client capabilities). The per-method checks run over
// WebSocket in the other test files.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { closeWebSocket, connectClient, initializeParams, openWebSocket, spawnAgent, TRANSPORTS } from "../lib/agent.js";
import { BUFFERS_METHOD, BUFFERS_REPLY, buffersHandler, promptInNewSession, singleChunkText } from "../lib/prompt.js";

const CONNECTION_ID_HEADER = "acp-connection-id"; // Node lower-cases header names

/** Resolves to { code, reason } when `socket` closes, or "timeout" after `ms`. */
function closeOf(socket, ms) {
  return new Promise((res) => {
    const timer = setTimeout(() => res("timeout"), ms);
    socket.once("close", (code, reason) => {
      clearTimeout(timer);
      res({ code, reason: reason.toString() });
    });
  });
}

const skip = TRANSPORTS.includes("websocket") ? false : "ACP_INTEROP_TRANSPORTS excludes websocket";

describe("websocket transport", { timeout: 120_000, skip }, () => {
  let proc;
  const clients = [];

  before(async () => {
    proc = await spawnAgent({ label: "websocket", transport: "websocket" });
  });

  after(async () => {
    for (const c of clients) c.conn.close();
    await proc?.stop(); // SIGTERM; fails if the agent is still running after 15 s
  });

  test("the handshake response carries a non-empty Acp-Connection-Id header", async () => {
    const socket = await openWebSocket(proc.url);
    try {
      const { statusCode, headers } = socket.upgradeResponse;
      assert.equal(statusCode, 101);
      const id = headers[CONNECTION_ID_HEADER];
      assert.equal(typeof id, "string", `handshake headers: ${JSON.stringify(headers)}`);
      assert.notEqual(id.trim(), "", "Acp-Connection-Id is empty");
    } finally {
      await closeWebSocket(socket);
    }
  });

  test("a binary frame is ignored: the socket stays open and the next text frame is served", async () => {
    const socket = await openWebSocket(proc.url);
    const frames = [];
    socket.on("message", (data, isBinary) => frames.push({ isBinary, text: data.toString() }));
    const closed = closeOf(socket, 10_000);
    // A well-formed request, but as a binary frame: the ACP RFD says it is ignored.
    const ignored = { jsonrpc: "2.0", id: 1, method: "initialize", params: initializeParams() };
    socket.send(Buffer.from(JSON.stringify(ignored)), { binary: true });
    const served = { jsonrpc: "2.0", id: 2, method: "initialize", params: initializeParams() };
    const answered = new Promise((res) => {
      socket.on("message", (data) => {
        try {
          if (JSON.parse(data.toString()).id === served.id) res(true);
        } catch {
          // not JSON: the wire checks flag it elsewhere
        }
      });
      setTimeout(() => res(false), 10_000);
    });
    socket.send(JSON.stringify(served));
    assert.equal(await answered, true, `no answer to the text frame after a binary one; frames: ${JSON.stringify(frames)}`);
    const answers = frames.map((f) => {
      try {
        return JSON.parse(f.text);
      } catch {
        return {};
      }
    });
    assert.deepEqual(answers.filter((m) => m.id === ignored.id), [], "the request in the binary frame must not be served");
    assert.equal(socket.readyState, socket.OPEN, "the socket must stay open after a binary frame");
    socket.close();
    await closed;
  });

  describe("two simultaneous connections", () => {
    let withWs; // advertises _meta["zed.dev"].workspace
    let withoutWs; // does not
    const callsWith = [];
    const callsWithout = [];

    before(async () => {
      // Both sockets are opened before either client initializes.
      withWs = connectClient(proc, { configure: buffersHandler(callsWith) });
      withoutWs = connectClient(proc, { configure: buffersHandler(callsWithout) });
      clients.push(withWs, withoutWs);
      await withWs.within(
        "both initialize",
        Promise.all([withWs.initialize({ workspace: true }), withoutWs.initialize({ workspace: false })]),
      );
    });

    test("each connection has its own, different Acp-Connection-Id", () => {
      const idWith = withWs.wire.handshake?.headers?.[CONNECTION_ID_HEADER];
      const idWithout = withoutWs.wire.handshake?.headers?.[CONNECTION_ID_HEADER];
      assert.ok(idWith && idWithout, `ids ${JSON.stringify([idWith, idWithout])}`);
      assert.notEqual(idWith, idWithout);
    });

    test("each connection was initialized by its own initialize", () => {
      for (const c of [withWs, withoutWs]) {
        assert.equal(c.wire.outbound.filter((m) => m.method === "initialize").length, 1);
        assert.equal(c.wire.validated.InitializeResponse, 1, "one InitializeResponse on each connection");
      }
    });

    test("prompt 'buffers' calls the client only on the connection that advertised the workspace", async () => {
      const [turnWith, turnWithout] = await withWs.within(
        "prompts on both connections",
        Promise.all([promptInNewSession(withWs, "buffers"), promptInNewSession(withoutWs, "buffers")]),
      );
      assert.notEqual(turnWith.sessionId, turnWithout.sessionId);

      assert.equal(turnWith.result.stopReason, "end_turn", `prompt answer ${JSON.stringify(turnWith.result)}`);
      // the demo traces its calls: the W3C trace context rides in _meta, as ACP reserves it for
      const withoutMeta = callsWith.map(({ _meta: meta, ...params }) => {
        if (meta !== undefined) assert.match(meta.traceparent, /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/);
        return params;
      });
      assert.deepStrictEqual(withoutMeta, [{ language: "rust" }], `${BUFFERS_METHOD} calls on the workspace connection`);
      const text = await singleChunkText(withWs, turnWith);
      assert.deepStrictEqual(JSON.parse(text), BUFFERS_REPLY, `chunk text was ${JSON.stringify(text)}`);

      assert.equal(turnWithout.result.stopReason, "end_turn", `prompt answer ${JSON.stringify(turnWithout.result)}`);
      assert.equal(await singleChunkText(withoutWs, turnWithout), "buffers");
      assert.deepStrictEqual(callsWithout, [], `${BUFFERS_METHOD} calls on the connection without the capability`);
      assert.equal(withoutWs.wire.indexOf((m) => m.method === BUFFERS_METHOD), -1, "no buffers request on that wire");
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

    test("closing one connection leaves the other working", async () => {
      withWs.conn.close();
      await withWs.until("the closed socket to report its close", () => withWs.wire.closeFrame);
      const echo = await withoutWs.request("_demo.acp/echo", { still: "here" });
      assert.deepStrictEqual(echo, { params: { still: "here" } });
      assert.equal(withoutWs.wire.closeFrame, null, "the other socket must stay open");
    });

    test("agent output on both connections is valid JSON-RPC 2.0 and matches the ACP schema", () => {
      for (const c of [withWs, withoutWs]) {
        c.wire.assertClean();
        assert.ok(c.wire.rawFrames.length >= c.wire.inbound.length, "every message arrived in a frame");
        for (const def of ["InitializeResponse", "NewSessionResponse", "PromptResponse", "SessionNotification"]) {
          assert.ok(c.wire.validated[def] >= 1, `no ${def} was schema-validated`);
        }
      }
    });
  });
});
