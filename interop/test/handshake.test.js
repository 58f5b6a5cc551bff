// initialize contract, a request pipelined right behind initialize, and
// clean shutdown (stdio: stdin closed; WebSocket: SIGTERM), per transport.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { initializeParams, SIGTERM_EXIT_MS, startAgent, TRANSPORTS } from "../lib/agent.js";

const EXPECTED_META = {
  "example.com/analytics": {
    version: "1.0",
    methods: ["_example.com/analytics/summary"],
    notifications: ["_example.com/analytics/event"],
    events: ["tool_execution", "model_call"],
  },
  "demo.acp": {
    version: "1.0",
    methods: ["_demo.acp/echo"],
  },
};

const PIPELINED_ECHO = { pipelined: true, note: "sent before the initialize answer" };

for (const transport of TRANSPORTS) describe(`handshake [${transport}]`, { timeout: 120_000 }, () => {
  let a;
  let init; // settled initialize
  let echo; // settled _demo.acp/echo

  before(async () => {
    a = await startAgent({ label: `handshake-${transport}`, transport });
    // Both requests are written before either answer is read (over stdio the
    // JVM is still starting; over WebSocket the socket may still be opening).
    const pending = [
      a.agent.request("initialize", initializeParams()),
      a.agent.request("_demo.acp/echo", PIPELINED_ECHO),
    ];
    [init, echo] = await a.within("pipelined initialize + _demo.acp/echo", Promise.allSettled(pending));
  });

  after(() => a?.close());

  test("initialize answers protocolVersion 1 and agentInfo.name acp-demo", () => {
    assert.equal(init.status, "fulfilled", `initialize failed: ${init.reason}`);
    assert.equal(init.value.protocolVersion, 1);
    assert.equal(init.value.agentInfo?.name, "acp-demo", `agentInfo was ${JSON.stringify(init.value.agentInfo)}`);
  });

  test("agentCapabilities._meta advertises exactly the demo extensions", () => {
    assert.equal(init.status, "fulfilled", `initialize failed: ${init.reason}`);
    const meta = init.value.agentCapabilities?._meta;
    assert.ok(meta && typeof meta === "object", `agentCapabilities was ${JSON.stringify(init.value.agentCapabilities)}`);
    // Other keys are tolerated; these two must be present with exactly these values.
    for (const [key, value] of Object.entries(EXPECTED_META)) {
      assert.deepStrictEqual(meta[key], value, `agentCapabilities._meta["${key}"]`);
    }
  });

  test("a request pipelined right behind initialize is served", { skip: transport === "http" ? "over HTTP the client POSTs nothing before the initialize answer gives it the Acp-Connection-Id" : false }, () => {
    // The SDK numbers requests from 0, so this also covers a request id of 0.
    const [first, second] = a.wire.outbound;
    assert.equal(first.method, "initialize");
    assert.equal(first.id, 0);
    assert.equal(second.method, "_demo.acp/echo");
    const echoSent = a.wire.events.findIndex((e) => e.dir === "out" && e.msg === second);
    const initAnswered = a.wire.events.findIndex((e) => e.dir === "in" && e.msg.id === first.id && !("method" in e.msg));
    assert.ok(echoSent >= 0 && initAnswered > echoSent, "echo must be sent before the initialize answer arrives");
    assert.equal(echo.status, "fulfilled", `pipelined echo failed: ${echo.reason}`);
    assert.deepStrictEqual(echo.value, { params: PIPELINED_ECHO });
  });

  test("agent output is valid JSON-RPC 2.0 and matches the ACP schema", () => {
    a.wire.assertClean();
    assert.ok(a.wire.validated.InitializeResponse >= 1, "InitializeResponse was schema-validated");
  });

  if (transport === "http") {
    test("the echo sent right behind initialize is served", () => {
      assert.equal(echo.status, "fulfilled", `echo failed: ${echo.reason}`);
      assert.deepStrictEqual(echo.value, { params: PIPELINED_ECHO });
    });
  }

  if (transport === "websocket" || transport === "http") {
    test(`SIGTERM makes the agent exit within ${SIGTERM_EXIT_MS / 1000} s`, async () => {
      a.conn.close();
      const { exit, ms } = await a.proc.terminate(SIGTERM_EXIT_MS);
      assert.ok(exit, `agent still running ${SIGTERM_EXIT_MS} ms after SIGTERM (killed)${a.proc.diagnostics()}`);
      assert.ok(ms <= SIGTERM_EXIT_MS, `exit took ${ms} ms`);
    });
    return;
  }

  test("closing stdin makes the agent exit with code 0 within 15 s", async () => {
    a.proc.endInput();
    let timer;
    const timeout = new Promise((res) => {
      timer = setTimeout(() => res("timeout"), 15_000);
    });
    const result = await Promise.race([a.proc.exited, timeout]);
    clearTimeout(timer);
    assert.notEqual(result, "timeout", `agent still running 15 s after stdin was closed${a.proc.diagnostics()}`);
    assert.deepStrictEqual(
      { code: result.code, signal: result.signal },
      { code: 0, signal: null },
      `exit status after stdin end${a.proc.diagnostics()}`,
    );
  });
});
