// The example.com/analytics extension: events sent as notifications are
// recorded and summarised overall and per session.

import assert from "node:assert/strict";
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
   * The agent handles every notification before any message received after it,
   * so a summary sent right behind the events counts them: asserted at once.
   */
  async function summary(params, expected) {
    assert.deepStrictEqual(await a.request(SUMMARY, params), expected, `summary for ${JSON.stringify(params)}`);
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

    await summary({}, { total: 5, byEvent: { tool_execution: 3, model_call: 2 } });
    await summary({ sessionId: sessionA }, { total: 3, byEvent: { tool_execution: 2, model_call: 1 } });
    await summary({ sessionId: sessionB }, { total: 1, byEvent: { model_call: 1 } });
    await summary({ sessionId: sessionC }, { total: 0, byEvent: {} });
  });

  test("agent output is valid JSON-RPC 2.0 and matches the ACP schema", () => {
    a.wire.assertClean();
    assert.ok(a.wire.validated.NewSessionResponse >= 3, "NewSessionResponse was schema-validated");
  });
});
