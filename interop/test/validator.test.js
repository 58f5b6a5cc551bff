// Self-checks of the wire checker itself (no agent needed), so that a clean
// wire report in the other tests means something.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { acpSchema, agentToClientDefFor, responseDefFor, validateDef } from "../lib/schema.js";
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

  test("v2: maps methods to the v2 $defs types and validates v2 shapes", () => {
    const v2 = acpSchema(2);
    assert.equal(v2.responseDefFor("initialize"), "InitializeResponse");
    assert.equal(v2.responseDefFor("session/prompt"), "PromptResponse");
    assert.equal(v2.agentToClientDefFor("session/update", false), "UpdateSessionNotification");
    assert.equal(v2.agentToClientDefFor("session/request_permission", true), "RequestPermissionRequest");
    assert.equal(v2.agentToClientDefFor("$/cancel_request", false), "CancelRequestNotification");
    assert.equal(v2.agentToClientDefFor("fs/read_text_file", true), undefined, "v1-only method");
    assert.equal(v2.validateDef("PromptResponse", { messageId: "m1" }), null);
    assert.notEqual(v2.validateDef("PromptResponse", { stopReason: "end_turn" }), null, "the v1 answer is not a v2 one");
    const chunk = { sessionId: "s", update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "x" } } };
    assert.notEqual(v2.validateDef("UpdateSessionNotification", chunk), null, "a v2 chunk needs its messageId");
    assert.equal(v2.validateDef("UpdateSessionNotification", { ...chunk, update: { ...chunk.update, messageId: "m" } }), null);
    const idle = { sessionId: "s", update: { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" } };
    assert.equal(v2.validateDef("UpdateSessionNotification", idle), null);
    const info = (updatedAt) => ({ sessionId: "s", update: { sessionUpdate: "session_info_update", updatedAt } });
    assert.equal(v2.validateDef("UpdateSessionNotification", info("2026-11-27T12:00:00Z")), null);
    assert.notEqual(v2.validateDef("UpdateSessionNotification", info("yesterday")), null, "date-time is checked");
  });

  test("v2 closed: open values are this draft's or _ extensions", () => {
    const open = acpSchema(2);
    const closed = acpSchema(2, { closed: true });
    const update = (u) => ({ sessionId: "s", update: u });
    const v1Plan = update({ sessionUpdate: "plan", entries: [] });
    assert.equal(open.validateDef("UpdateSessionNotification", v1Plan), null, "published: a future variant");
    assert.notEqual(closed.validateDef("UpdateSessionNotification", v1Plan), null);
    assert.equal(closed.validateDef("UpdateSessionNotification", update({ sessionUpdate: "_vendor/x", a: 1 })), null);
    const idle = (stopReason) => update({ sessionUpdate: "state_update", state: "idle", stopReason });
    assert.equal(closed.validateDef("UpdateSessionNotification", idle("cancelled")), null);
    assert.equal(closed.validateDef("UpdateSessionNotification", idle("_vendor/why")), null);
    assert.notEqual(closed.validateDef("UpdateSessionNotification", idle("done")), null);
    const call = (status) => update({ sessionUpdate: "tool_call_update", toolCallId: "c", status });
    assert.equal(closed.validateDef("UpdateSessionNotification", call("failed")), null);
    assert.notEqual(closed.validateDef("UpdateSessionNotification", call("rejected")), null);
    const chunk = (content) => update({ sessionUpdate: "agent_message_chunk", messageId: "m", content });
    assert.notEqual(closed.validateDef("UpdateSessionNotification", chunk({ type: "video" })), null);
    assert.equal(open.validateDef("UpdateSessionNotification", chunk({ type: "video" })), null);
  });

  test("v2 Wire: a non-extension method outside the v2 schema is a problem, in either direction", () => {
    const w = new Wire({ protocolVersion: 2 });
    w.inboundMessage({ jsonrpc: "2.0", id: 0, method: "fs/read_text_file", params: { sessionId: "s", path: "/a" } });
    w.inboundMessage({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s", update: { sessionUpdate: "plan", entries: [] } } });
    w.inboundMessage({ jsonrpc: "2.0", method: "_vendor/note", params: {} });
    w.outboundMessage({ jsonrpc: "2.0", id: 1, method: "session/load", params: {} });
    w.inboundMessage({ jsonrpc: "2.0", id: 1, result: {} });
    w.outboundMessage({ jsonrpc: "2.0", id: 2, method: "_demo.acp/echo", params: {} });
    w.inboundMessage({ jsonrpc: "2.0", id: 2, result: { params: {} } });
    w.outboundMessage({ jsonrpc: "2.0", id: 3, method: "session/prompt", params: {} });
    w.inboundMessage({ jsonrpc: "2.0", id: 3, result: { messageId: "m" } });
    assert.equal(w.problems.length, 3, w.problems.join("\n"));
    assert.match(w.problems[0], /fs\/read_text_file is not in the ACP v2 schema/);
    assert.match(w.problems[1], /UpdateSessionNotification.*must match pattern "\^_"/, "the v1 plan kind is not a v2 one");
    assert.match(w.problems[2], /session\/load, which is not in the ACP v2 schema/);
    assert.equal(w.validated.PromptResponse, 1);
  });
});
