// The demo's "tool" prompt, per transport: a plan, a pending tool call, a
// session/request_permission the client answers (allow, reject, its own
// "cancelled", or no answer until the turn is cancelled), then the tool call's
// progress, the updated plan and a closing message. Checks the sequence of
// session/update kinds, the stop reason, that the agent abandons an unanswered
// permission request with $/cancel_request, and that every agent message
// validated against its schema type.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { startAgent, TRANSPORTS } from "../lib/agent.js";

const PERMISSION = "session/request_permission";
const CANCELLED = { outcome: { outcome: "cancelled" } };

/**
 * Client side of session/request_permission, through the SDK's own typed
 * handler (it parses the request with its schema). `answer.mode` decides:
 * "allow" / "reject" select that option, "cancelled" answers the cancelled
 * outcome at once, "hold" answers nothing until the request is cancelled (the
 * agent's $/cancel_request aborts `signal`).
 */
function permissionHandler(asks, answer) {
  return (app) =>
    app.onRequest(PERMISSION, ({ params, signal }) => {
      asks.push(params);
      switch (answer.mode) {
        case "allow":
        case "reject":
          return { outcome: { outcome: "selected", optionId: answer.mode } };
        case "cancelled":
          return CANCELLED;
        default:
          return new Promise((resolve) => {
            if (signal.aborted) resolve(CANCELLED);
            signal.addEventListener("abort", () => {
              answer.aborted = true;
              resolve(CANCELLED);
            });
          });
      }
    });
}

/** The session/update messages of one session on the wire, before index `end`. */
function updatesOf(a, sessionId, end = a.wire.inbound.length) {
  return a.wire.inbound
    .slice(0, end)
    .map((m, index) => ({ m, index }))
    .filter(({ m }) => m.method === "session/update" && m.params?.sessionId === sessionId)
    .map(({ m, index }) => ({ index, update: m.params.update }));
}

/** "kind" or "kind:status" for tool call updates, to compare whole sequences. */
const label = ({ update }) =>
  update.sessionUpdate === "tool_call_update" || update.sessionUpdate === "tool_call"
    ? `${update.sessionUpdate}:${update.status}`
    : update.sessionUpdate;

for (const transport of TRANSPORTS) {
  describe(`prompt 'tool': tool call, permission request and plan [${transport}]`, { timeout: 180_000 }, () => {
    let a;
    const asks = [];
    const answer = { mode: "allow", aborted: false };

    before(async () => {
      a = await startAgent({ label: `tool-${transport}`, transport, configure: permissionHandler(asks, answer) });
      await a.initialize();
    });

    after(() => a?.close());

    /** Runs the 'tool' prompt in a new session with the client answering `mode`. */
    async function toolTurn(mode) {
      answer.mode = mode;
      const asked = asks.length;
      const { sessionId } = await a.newSession();
      const result = await a.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "tool" }] });
      const responseAt = a.wire.responseIndex(a.wire.requestId("session/prompt", (p) => p.sessionId === sessionId));
      const updates = updatesOf(a, sessionId, responseAt);
      const askAt = a.wire.indexOf((m) => m.method === PERMISSION && m.params?.sessionId === sessionId);
      assert.equal(asks.length - asked, 1, "one permission request reached the client");
      assert.ok(askAt >= 0 && askAt < responseAt, "the permission request comes before the prompt answer");
      const ask = a.wire.inbound[askAt];
      const toolCall = updates.find(({ update }) => update.sessionUpdate === "tool_call");
      assert.ok(toolCall && toolCall.index < askAt, "the tool_call is announced before the permission request");
      assert.equal(toolCall.update.kind, "edit");
      assert.equal(ask.params.toolCall.toolCallId, toolCall.update.toolCallId);
      assert.deepStrictEqual(
        ask.params.options.map((o) => [o.optionId, o.kind]),
        [
          ["allow", "allow_once"],
          ["reject", "reject_once"],
        ],
      );
      assert.ok(
        updates.filter(({ update }) => update.sessionUpdate === "tool_call_update").every(({ index, update }) =>
          index > askAt && update.toolCallId === toolCall.update.toolCallId,
        ),
        "tool_call_updates follow the permission request and name the tool call",
      );
      return { sessionId, result, updates, ask, askAt, responseAt };
    }

    test("allowed: the tool runs to completion and the turn ends", async () => {
      const turn = await toolTurn("allow");
      assert.equal(turn.result.stopReason, "end_turn", JSON.stringify(turn.result));
      assert.deepStrictEqual(turn.updates.map(label), [
        "plan",
        "tool_call:pending",
        "tool_call_update:in_progress",
        "tool_call_update:completed",
        "plan",
        "agent_message_chunk",
      ]);
      const [first, last] = [turn.updates[0].update, turn.updates[4].update];
      assert.deepStrictEqual(first.entries.map((e) => e.status), ["in_progress", "pending"]);
      assert.deepStrictEqual(last.entries.map((e) => e.status), ["completed", "completed"]);
      assert.equal(turn.updates[3].update.content[0].content.text, "Edited README.md");
    });

    test("rejected: the tool call fails and the turn ends", async () => {
      const turn = await toolTurn("reject");
      assert.equal(turn.result.stopReason, "end_turn", JSON.stringify(turn.result));
      assert.deepStrictEqual(turn.updates.map(label), [
        "plan",
        "tool_call:pending",
        "tool_call_update:failed",
        "plan",
        "agent_message_chunk",
      ]);
      assert.match(turn.updates[4].update.content.text, /rejected/);
    });

    test("the client cancels the dialog: the turn ends cancelled", async () => {
      const turn = await toolTurn("cancelled");
      assert.equal(turn.result.stopReason, "cancelled", JSON.stringify(turn.result));
      assert.deepStrictEqual(turn.updates.map(label), ["plan", "tool_call:pending", "tool_call_update:failed"]);
    });

    test("session/cancel while the question is open: $/cancel_request for it, the turn ends cancelled", async () => {
      answer.mode = "hold";
      answer.aborted = false;
      const asked = asks.length;
      const { sessionId } = await a.newSession();
      const prompt = a.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "tool" }] });
      await a.until("the permission request", () => asks.length > asked);
      await a.notify("session/cancel", { sessionId });
      const result = await prompt;
      assert.equal(result.stopReason, "cancelled", JSON.stringify(result));
      const ask = a.wire.inbound.find((m) => m.method === PERMISSION && m.params?.sessionId === sessionId);
      await a.until("the agent's $/cancel_request", () =>
        a.wire.inbound.some((m) => m.method === "$/cancel_request" && m.params?.requestId === ask.id),
      );
      await a.until("the client to see the cancellation", () => answer.aborted);
      const kinds = updatesOf(a, sessionId).map(label);
      assert.deepStrictEqual(kinds, ["plan", "tool_call:pending", "tool_call_update:failed"]);
    });

    test("every agent message matches the ACP schema, permission requests and each update kind included", () => {
      a.wire.assertClean();
      assert.ok(a.wire.validated.RequestPermissionRequest >= 4, JSON.stringify(a.wire.validated));
      assert.ok(a.wire.validated.CancelRequestNotification >= 1, JSON.stringify(a.wire.validated));
      for (const kind of ["plan", "tool_call", "tool_call_update", "agent_message_chunk"]) {
        assert.ok(a.wire.validatedUpdates[kind] >= 1, `no ${kind} update was schema-validated`);
      }
      const sent = a.wire.inbound.filter((m) => m.method === "session/update").length;
      const validated = Object.values(a.wire.validatedUpdates).reduce((x, y) => x + y, 0);
      assert.equal(validated, sent, "every session/update was validated");
    });
  });
}
