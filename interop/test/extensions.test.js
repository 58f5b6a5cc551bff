// Extension methods: _demo.acp/echo round-trips params verbatim; unknown
// `_`-prefixed requests get -32601; unknown notifications are ignored.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { acp, startAgent, TRANSPORTS } from "../lib/agent.js";

const RICH_PARAMS = {
  _meta: {
    traceparent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01",
    "vendor.example/flag": true,
  },
  text: "héllo wörld — 日本語 🚀 שלום \"quoted\" back\\slash\nnew line\ttab \u0001",
  numbers: { zero: 0, negative: -42, int: 1234567890123, float: 3.25, small: 1e-7, big: 6.02e23 },
  booleans: [true, false],
  nothing: null,
  nested: { level1: { level2: { level3: [1, [2, [3, { deep: "yes" }]]] } }, emptyObject: {}, emptyArray: [] },
  mixed: [null, "s", 1, 1.5, false, { k: null }, []],
};

for (const transport of TRANSPORTS) describe(`extension methods [${transport}]`, { timeout: 120_000 }, () => {
  let a;

  before(async () => {
    a = await startAgent({ label: `extensions-${transport}`, transport });
    await a.initialize();
  });

  after(() => a?.close());

  test("_demo.acp/echo returns the params exactly as received, _meta included", async () => {
    const result = await a.request("_demo.acp/echo", RICH_PARAMS);
    assert.deepStrictEqual(result, { params: RICH_PARAMS });
  });

  test("_demo.acp/echo with empty params and with only _meta", async () => {
    assert.deepStrictEqual(await a.request("_demo.acp/echo", {}), { params: {} });
    const onlyMeta = { _meta: { traceparent: "00-11111111111111111111111111111111-2222222222222222-00" } };
    assert.deepStrictEqual(await a.request("_demo.acp/echo", onlyMeta), { params: onlyMeta });
  });

  test("unknown _-prefixed request gets JSON-RPC error -32601", async () => {
    await assert.rejects(a.request("_nobody.example/missing", { x: 1 }), (err) => {
      assert.ok(err instanceof acp.RequestError, `expected a JSON-RPC error response, got ${err}`);
      assert.equal(err.code, -32601, `error was ${JSON.stringify({ code: err.code, message: err.message })}`);
      return true;
    });
  });

  test("unknown notification is ignored and the connection keeps answering", async () => {
    await a.notify("_nobody.example/ping", { hello: "anyone?" });
    const result = await a.request("_demo.acp/echo", { after: "ping" });
    assert.deepStrictEqual(result, { params: { after: "ping" } });
  });

  test("agent output is valid JSON-RPC 2.0 and matches the ACP schema", async () => {
    // Give a stray reply to the ignored notification a moment to show up.
    await new Promise((r) => setTimeout(r, 300));
    a.wire.assertClean();
  });
});
