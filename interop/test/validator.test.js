// Self-checks of the wire checker itself (no agent needed), so that a clean
// wire report in the other tests means something.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { agentToClientDefFor, responseDefFor, validateDef } from "../lib/schema.js";
import { jsonRpcViolations, Wire } from "../lib/wire.js";

describe("wire checker", () => {
  test("maps methods to the ACP $defs types", () => {
    assert.equal(responseDefFor("initialize"), "InitializeResponse");
    assert.equal(responseDefFor("session/new"), "NewSessionResponse");
    assert.equal(responseDefFor("session/prompt"), "PromptResponse");
    assert.equal(agentToClientDefFor("session/update", false), "SessionNotification");
    assert.equal(agentToClientDefFor("session/request_permission", true), "RequestPermissionRequest");
    assert.equal(agentToClientDefFor("$/cancel_request", false), "CancelRequestNotification");
    assert.equal(responseDefFor("_demo.acp/echo"), undefined);
  });

  test("schema validation accepts good and rejects bad messages", () => {
    assert.equal(validateDef("PromptResponse", { stopReason: "end_turn" }), null);
    assert.notEqual(validateDef("PromptResponse", { stopReason: "done" }), null);
    assert.notEqual(validateDef("InitializeResponse", { protocolVersion: "1" }), null);
    const chunk = { sessionId: "s", update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "x" } } };
    assert.equal(validateDef("SessionNotification", chunk), null);
    assert.notEqual(validateDef("SessionNotification", { sessionId: "s" }), null);
  });

  test("Wire counts validated session/update kinds and permission requests", () => {
    const w = new Wire();
    w.inboundMessage({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s", update: { sessionUpdate: "plan", entries: [] } } });
    w.inboundMessage({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s", update: { sessionUpdate: "plan" } } });
    w.inboundMessage({
      jsonrpc: "2.0",
      id: 0,
      method: "session/request_permission",
      params: { sessionId: "s", toolCall: { toolCallId: "c" }, options: [{ optionId: "a", name: "Allow", kind: "allow_once" }] },
    });
    w.inboundMessage({ jsonrpc: "2.0", method: "$/cancel_request", params: { requestId: 0 } });
    assert.deepEqual(w.validatedUpdates, { plan: 1 });
    assert.equal(w.validated.RequestPermissionRequest, 1);
    assert.equal(w.validated.CancelRequestNotification, 1);
    assert.equal(w.problems.length, 1, w.problems.join("\n"));
  });

  test("JSON-RPC 2.0 shape rules", () => {
    assert.deepEqual(jsonRpcViolations({ jsonrpc: "2.0", id: 0, result: {} }), []);
    assert.deepEqual(jsonRpcViolations({ jsonrpc: "2.0", method: "m" }), []);
    assert.notDeepEqual(jsonRpcViolations({ jsonrpc: "2.0", id: 1, result: {}, error: null }), []);
    assert.notDeepEqual(jsonRpcViolations({ jsonrpc: "2.0", method: "m", params: null }), []);
    assert.notDeepEqual(jsonRpcViolations({ id: 1, result: {} }), []);
    assert.notDeepEqual(jsonRpcViolations({ jsonrpc: "2.0", id: 1, error: { code: "x", message: "m" } }), []);
  });

  test("Wire flags bad lines, stray responses and schema failures", () => {
    const w = new Wire();
    w.rawLine("not json");
    w.outboundMessage({ jsonrpc: "2.0", id: 0, method: "session/prompt", params: {} });
    w.inboundMessage({ jsonrpc: "2.0", id: 0, result: { stopReason: "nope" } });
    w.inboundMessage({ jsonrpc: "2.0", id: 0, result: { stopReason: "end_turn" } });
    w.inboundMessage({ jsonrpc: "2.0", id: 7, result: {} });
    assert.equal(w.problems.length, 4, w.problems.join("\n"));
    assert.throws(() => w.assertClean());
  });

  test("Wire flags binary, non-JSON, multi-message and newline-framed WebSocket frames", () => {
    const w = new Wire();
    w.rawFrame(Buffer.from('{"jsonrpc":"2.0","method":"m"}'));
    assert.deepEqual(w.problems, []);
    w.rawFrame(Buffer.from('{"jsonrpc":"2.0","method":"m"}'), { binary: true });
    w.rawFrame(Buffer.from('{"jsonrpc":"2.0","method":"m"}\n'));
    w.rawFrame(Buffer.from('{"jsonrpc":"2.0","method":"m"}\n{"jsonrpc":"2.0","method":"n"}'));
    w.rawFrame(Buffer.from("[1]"));
    assert.equal(w.problems.length, 4, w.problems.join("\n"));
    assert.equal(w.rawFrames.length, 5);
  });
});
