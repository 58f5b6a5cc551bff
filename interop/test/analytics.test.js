// The example.com/analytics extension: events sent as notifications are
// recorded and summarised overall and per session.

import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import { after, before, describe, test } from "node:test";
import { startAgent, TRANSPORTS } from "../lib/agent.js";

const EVENT = "_example.com/analytics/event";
const SUMMARY = "_example.com/analytics/summary";

for (const transport of TRANSPORTS) describe(`analytics extension [${transport}]`, { timeout: 120_000 }, () => {
  let a;
  let sessionA;
  let sessionB;
  let sessionC;

  before(async () => {
    a = await startAgent({ label: `analytics-${transport}`, transport });
    await a.initialize();
    sessionA = (await a.newSession()).sessionId;
    sessionB = (await a.newSession()).sessionId;
    sessionC = (await a.newSession()).sessionId;
  });

  after(() => a?.close());

  /**
   * Notifications are handled asynchronously, so a summary request may not see
   * them yet: poll until the expected summary shows up, then assert on the last answer.
   */
  async function summaryEventually(params, expected) {
    let last;
    const deadline = Date.now() + 5_000;
    do {
      last = await a.request(SUMMARY, params);
      if (isDeepStrictEqual(last, expected)) break;
      await new Promise((r) => setTimeout(r, 50));
    } while (Date.now() < deadline);
    assert.deepStrictEqual(last, expected, `summary for ${JSON.stringify(params)}`);
  }

  test("summary is empty before any event", async () => {
    assert.deepStrictEqual(await a.request(SUMMARY, {}), { total: 0, byEvent: {} });
  });

  test("events are counted overall and per session", async () => {
    const events = [
      { event: "tool_execution", data: { tool: "grep", ms: 12 }, sessionId: sessionA },
      { event: "model_call", data: { model: "demo-1", tokens: 345 }, sessionId: sessionA },
      { event: "tool_execution", data: { tool: "ls" }, sessionId: sessionA },
      { event: "model_call", data: { model: "demo-1", tokens: 7 }, sessionId: sessionB },
      { event: "tool_execution", data: { tool: "cat", nested: { ok: true } } },
    ];
    for (const e of events) await a.notify(EVENT, e);

    await summaryEventually({}, { total: 5, byEvent: { tool_execution: 3, model_call: 2 } });
    await summaryEventually({ sessionId: sessionA }, { total: 3, byEvent: { tool_execution: 2, model_call: 1 } });
    await summaryEventually({ sessionId: sessionB }, { total: 1, byEvent: { model_call: 1 } });
    await summaryEventually({ sessionId: sessionC }, { total: 0, byEvent: {} });
  });

  test("agent output is valid JSON-RPC 2.0 and matches the ACP schema", () => {
    a.wire.assertClean();
    assert.ok(a.wire.validated.NewSessionResponse >= 3, "NewSessionResponse was schema-validated");
  });
});
