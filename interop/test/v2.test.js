// ACP v2 (Preview) with a client nobody here wrote: the TypeScript SDK's
// experimental v2 client API (`client()`, `ClientContext.buildSession`,
// `ActiveSession.prompt / nextUpdate / readTextUntilIdle`) drives the demo agent
// (served with `acp.protocol.versions: 1,2`), per transport, one agent process
// each: the v2 initialize answer, extensions, a v1 client beside it on the same
// server, the v2 prompt turn (acknowledgement, user message echo, state_update
// running / requires_action / idle), the tool turn's permission request with its
// `subject`, an outcome the agent does not know, cancellation with a held prompt,
// and an unknown content block. Every message the agent sends on the v2
// connection is validated against the SDK's `schema/v2/schema.json`.

import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { connectClient, isRemote, spawnAgent, TRANSPORTS } from "../lib/agent.js";
import { connectV2Client, isState, label, UPDATE_TIMEOUT_MS, v2 } from "../lib/v2.js";

/** The demo's own advertisement (DESIGN §9). */
const DEMO_META = {
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

/** Extensions the starter adds by opt-in, under its own key: the demo enables the health extension. */
const STARTER_OPT_IN = ["acp-spring-boot"];

const ECHO_PARAMS = {
  text: "grüße, 世界 🚀",
  nested: { list: [1, 2.5, -3, 0], flag: false, nothing: null, deeper: { ok: true, empty: {}, none: [] } },
  big: 9007199254740991,
  _meta: { traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01" },
};

const PERMISSION = "session/request_permission";
const UNKNOWN_OUTCOME = { outcome: { outcome: "_vendor/maybe" } };

/**
 * Client side of session/request_permission through the v2 SDK's typed handler
 * (it parses the request with the v2 schema). `answer.mode`: "allow" selects
 * option `allow`; "unknown" answers an outcome the agent cannot know.
 */
function permissionHandler(asks, answer) {
  return (app) =>
    app.onRequest(PERMISSION, ({ params }) => {
      asks.push(params);
      return answer.mode === "unknown" ? UNKNOWN_OUTCOME : { outcome: { outcome: "selected", optionId: "allow" } };
    });
}

const isUserMessage = (m) => m.update.sessionUpdate === "user_message" || m.update.sessionUpdate === "user_message_chunk";

/** The text of a user message update (`user_message` carries an array, the chunk one block). */
function userText(update) {
  const blocks = update.sessionUpdate === "user_message" ? (update.content ?? []) : [update.content];
  return blocks.map((b) => (b.type === "text" ? b.text : `<${b.type}>`)).join("");
}

const agentTexts = (messages) =>
  messages.filter((m) => m.update.sessionUpdate === "agent_message_chunk").map((m) => m.update.content.text);

for (const transport of TRANSPORTS) {
  describe(`ACP v2 client (SDK experimental v2 API) [${transport}]`, { timeout: 240_000 }, () => {
    let proc;
    let c;
    let init; // settled initialize
    const asks = [];
    const answer = { mode: "allow" };

    before(async () => {
      proc = await spawnAgent({ label: `v2-${transport}`, transport });
      c = connectV2Client(proc, { configure: permissionHandler(asks, answer) });
      [init] = await Promise.allSettled([c.initialize()]);
    });

    after(async () => {
      c?.close();
      await proc?.stop();
    });

    /**
     * Reads a turn's messages: up to the first idle state_update that follows
     * `state_update running` and the echo of the user message `messageId`.
     */
    function readTurn(session, messageId) {
      let running = false;
      let echoed = false;
      return c.readUntil(session, `the idle state_update ending the turn of user message ${messageId}`, (m) => {
        if (isState(m, "running")) running = true;
        if (isUserMessage(m) && m.update.messageId === messageId) echoed = true;
        return running && echoed && m.kind === "stop";
      });
    }

    /** Prompts `text` in `session`: the acknowledgement, then the turn's messages. */
    async function turn(session, text) {
      const ack = await c.within(`session/prompt "${text}"`, session.prompt(text));
      assert.equal(typeof ack.messageId, "string", `the acknowledgement carries the user message id: ${JSON.stringify(ack)}`);
      assert.ok(ack.messageId.length > 0);
      return { ack, messages: await readTurn(session, ack.messageId) };
    }

    test("initialize with protocolVersion 2: answered 2, info.name acp-demo, capabilities._meta the demo's advertisement", async () => {
      const why = init.reason && `${init.reason.code} ${init.reason.message} ${JSON.stringify(init.reason.data)}`;
      const answered = JSON.stringify(c.wire.inbound.find((m) => m.id === c.wire.requestId("initialize")));
      assert.equal(init.status, "fulfilled", `the v2 client refused the initialize answer ${answered}: ${why}`);
      assert.equal(init.value.protocolVersion, 2);
      assert.equal(init.value.info?.name, "acp-demo", `info was ${JSON.stringify(init.value.info)}`);
      const snapshot = await c.conn.initialized;
      assert.equal(snapshot.response.protocolVersion, 2);
      // On the wire, as sent (the SDK's parsed view may strip fields it does not know).
      const sent = c.wire.outbound.find((m) => m.method === "initialize");
      assert.equal(sent.params.protocolVersion, 2);
      const raw = c.wire.inbound[c.wire.responseIndex(sent.id)].result;
      assert.ok(!("agentInfo" in raw) && !("agentCapabilities" in raw), `v1 fields in a v2 answer: ${JSON.stringify(raw)}`);
      const meta = raw.capabilities?._meta;
      assert.ok(meta && typeof meta === "object", `capabilities was ${JSON.stringify(raw.capabilities)}`);
      for (const [key, value] of Object.entries(DEMO_META)) {
        assert.deepStrictEqual(meta[key], value, `capabilities._meta["${key}"]`);
      }
      assert.deepStrictEqual(Object.keys(meta).sort(), [...Object.keys(DEMO_META), ...STARTER_OPT_IN].sort());
    });

    test("_demo.acp/echo answers {params: <the params exactly as sent>}", async () => {
      const echoed = await c.request("_demo.acp/echo", ECHO_PARAMS);
      assert.deepStrictEqual(echoed, { params: ECHO_PARAMS });
    });

    test(
      "a v1 client on the same agent at the same time is served v1",
      { skip: isRemote(transport) ? false : "stdio serves one connection per process" },
      async () => {
        const v1 = connectClient(proc);
        try {
          const [v1Init, v2Echo] = await Promise.all([v1.initialize(), c.request("_demo.acp/echo", { beside: "v1" })]);
          assert.equal(v1Init.protocolVersion, 1);
          assert.equal(v1Init.agentInfo?.name, "acp-demo");
          assert.ok(!("capabilities" in v1Init) && !("info" in v1Init), `v2 fields in a v1 answer: ${JSON.stringify(v1Init)}`);
          const v2Meta = c.wire.inbound[c.wire.responseIndex(c.wire.requestId("initialize"))].result.capabilities._meta;
          assert.deepStrictEqual(v1Init.agentCapabilities?._meta, v2Meta, "the same advertisement in both versions");
          assert.deepStrictEqual(v2Echo, { params: { beside: "v1" } });
          // A v1 turn while the v2 connection is open: answered with a stop reason, no v2 state updates.
          const { sessionId } = await v1.newSession();
          const result = await v1.request("session/prompt", { sessionId, prompt: [{ type: "text", text: "hello" }] });
          assert.deepStrictEqual(result, { stopReason: "end_turn" });
          const kinds = v1.wire.inbound.filter((m) => m.method === "session/update").map((m) => m.params.update.sessionUpdate);
          assert.deepStrictEqual(kinds, ["agent_message_chunk"]);
          v1.wire.assertClean(); // against the v1 schema
          assert.ok(v1.wire.validated.InitializeResponse >= 1);
        } finally {
          v1.conn.close();
        }
        assert.deepStrictEqual(await c.request("_demo.acp/echo", { after: "v1" }), { params: { after: "v1" } });
      },
    );

    test("a prompt turn: acknowledged with {messageId}, user message echoed with it, running, the echo, idle end_turn", async () => {
      const session = await c.startSession();
      const { ack, messages } = await turn(session, "hello");
      const labels = messages.map(label);
      const user = messages.filter(isUserMessage);
      assert.equal(user.length, 1, `one user message update: ${labels.join(", ")}`);
      assert.equal(user[0].update.messageId, ack.messageId);
      assert.equal(userText(user[0].update), "hello");
      const runningAt = messages.findIndex((m) => isState(m, "running"));
      const chunkAt = messages.findIndex((m) => m.update.sessionUpdate === "agent_message_chunk");
      assert.ok(runningAt >= 0 && chunkAt > runningAt, `running, then the agent's chunk: ${labels.join(", ")}`);
      const chunk = messages[chunkAt].update;
      assert.deepStrictEqual(chunk.content, { type: "text", text: "hello" });
      assert.equal(typeof chunk.messageId, "string", `the agent chunk carries a messageId: ${JSON.stringify(chunk)}`);
      assert.ok(chunk.messageId.length > 0);
      const stop = messages.at(-1);
      assert.equal(stop.update.state, "idle");
      assert.equal(stop.stopReason, "end_turn", labels.join(", "));
      assert.deepStrictEqual(
        labels.filter((l) => !l.startsWith("user_message")),
        ["state_update:running", "agent_message_chunk", "state_update:idle:end_turn"],
      );
      // The SDK's own reader: the next turn's text, up to idle.
      const again = await c.within('session/prompt "again"', session.prompt("again"));
      assert.notEqual(again.messageId, ack.messageId, "each user message has its own id");
      assert.equal(await session.readTextUntilIdle(AbortSignal.timeout(UPDATE_TIMEOUT_MS)), "again");
      session.dispose();
    });

    /** The `tool` prompt with the client answering `mode`; checks the permission request. */
    async function toolTurn(mode) {
      answer.mode = mode;
      const asked = asks.length;
      const session = await c.startSession();
      const { messages } = await turn(session, "tool");
      session.dispose();
      assert.equal(asks.length - asked, 1, "one permission request reached the client's handler");
      const ask = asks.at(-1);
      const labels = messages.map(label);
      const call = messages.find((m) => m.update.sessionUpdate === "tool_call_update");
      assert.ok(call, `a tool_call_update announces the tool call: ${labels.join(", ")}`);
      assert.equal(call.update.status, "pending");
      assert.equal(call.update.kind, "edit");
      assert.equal(ask.sessionId, session.sessionId);
      assert.equal(ask.subject?.type, "tool_call", `subject was ${JSON.stringify(ask.subject)}`);
      assert.equal(ask.subject.toolCall?.toolCallId, call.update.toolCallId);
      assert.deepStrictEqual(
        ask.options.map((o) => [o.optionId, o.kind]),
        [
          ["allow", "allow_once"],
          ["reject", "reject_once"],
        ],
      );
      assert.ok(
        messages.filter((m) => m.update.sessionUpdate === "tool_call_update").every((m) => m.update.toolCallId === call.update.toolCallId),
        "every tool_call_update names the one tool call",
      );
      // On the wire: requires_action before the client's answer, running after it.
      const events = c.wire.events;
      const askIn = events.findIndex((e) => e.dir === "in" && e.msg.method === PERMISSION && e.msg.params?.sessionId === session.sessionId);
      const askId = events[askIn].msg.id;
      const answered = events.findIndex((e, i) => i > askIn && e.dir === "out" && e.msg.id === askId && !("method" in e.msg));
      const stateAt = (state, from, to) =>
        events.findIndex(
          (e, i) =>
            i > from &&
            i < to &&
            e.dir === "in" &&
            e.msg.method === "session/update" &&
            e.msg.params.sessionId === session.sessionId &&
            e.msg.params.update.sessionUpdate === "state_update" &&
            e.msg.params.update.state === state,
        );
      const callIn = events.findIndex(
        (e) => e.dir === "in" && e.msg.method === "session/update" && e.msg.params.update.toolCallId === call.update.toolCallId,
      );
      assert.ok(answered > askIn, "the client answered the permission request");
      assert.ok(stateAt("requires_action", callIn, answered) >= 0, "state_update requires_action while the question is open");
      return { messages, labels, answered, stateAt, events };
    }

    test("the tool turn, allowed: plan_update, tool_call_update upserts, permission with subject tool_call, requires_action, running, completed", async () => {
      const { messages, labels, answered, stateAt, events } = await toolTurn("allow");
      assert.deepStrictEqual(labels.filter((l) => !l.startsWith("user_message")), [
        "state_update:running",
        "plan_update",
        "tool_call_update:pending",
        "state_update:requires_action",
        "state_update:running",
        "tool_call_update:in_progress",
        "tool_call_update:completed",
        "plan_update",
        "agent_message_chunk",
        "state_update:idle:end_turn",
      ]);
      assert.ok(stateAt("running", answered, events.length) >= 0, "state_update running after the answer");
      const plans = messages.filter((m) => m.update.sessionUpdate === "plan_update").map((m) => m.update.plan);
      assert.deepStrictEqual(plans.map((p) => p.type), ["items", "items"]);
      assert.equal(plans[0].planId, plans[1].planId, "the second plan_update replaces the first plan");
      assert.deepStrictEqual(plans[0].entries.map((e) => e.status), ["in_progress", "pending"]);
      assert.deepStrictEqual(plans[1].entries.map((e) => e.status), ["completed", "completed"]);
      const completed = messages.find((m) => m.update.status === "completed").update;
      assert.deepStrictEqual(completed.content, [{ type: "content", content: { type: "text", text: "Edited README.md" } }]);
      assert.deepStrictEqual(agentTexts(messages), ["Done: README.md was edited."]);
    });

    test("the tool turn, answered with an outcome the agent does not know: not approved, the tool call fails, nothing edited", async () => {
      const { messages, labels } = await toolTurn("unknown");
      const statuses = messages.filter((m) => m.update.sessionUpdate === "tool_call_update").map((m) => m.update.status);
      assert.deepStrictEqual(statuses, ["pending", "failed"], labels.join(", "));
      assert.ok(!agentTexts(messages).some((t) => t.startsWith("Done:")), `the agent reported an edit: ${agentTexts(messages)}`);
      assert.equal(messages.at(-1).update.state, "idle");
    });

    test("session/cancel of a 'wait' turn: a prompt held meanwhile is answered -32800, the turn ends idle cancelled", async () => {
      const session = await c.startSession();
      const waitAck = session.prompt("wait");
      await c.readUntil(session, "state_update running of the 'wait' turn", (m) => isState(m, "running"));
      // Acknowledged at insertion, while the turn still runs.
      const ack = await c.within('the acknowledgement of "wait"', waitAck, UPDATE_TIMEOUT_MS);
      let heldSettled = false;
      const held = session.prompt("held");
      held.then(
        () => (heldSettled = true),
        () => (heldSettled = true),
      );
      // A later request's round trip: the held prompt is still unanswered.
      await c.request("_demo.acp/echo", { after: "held" });
      assert.equal(heldSettled, false, "a prompt sent while 'wait' runs is held, not answered");
      await c.notify("session/cancel", { sessionId: session.sessionId });
      await assert.rejects(c.within("the held prompt", held, UPDATE_TIMEOUT_MS), (err) => {
        assert.ok(err instanceof v2.RequestError, String(err));
        assert.equal(err.code, -32800);
        return true;
      });
      const rest = await c.readUntil(session, "the idle state_update ending the cancelled turn", (m) => m.kind === "stop");
      const stop = rest.at(-1);
      assert.equal(stop.update.state, "idle");
      assert.equal(stop.stopReason, "cancelled", rest.map(label).join(", "));
      const users = c.wire.inbound.filter(
        (m) => m.method === "session/update" && m.params.sessionId === session.sessionId && /^user_message/.test(m.params.update.sessionUpdate),
      );
      assert.deepStrictEqual(
        users.map((m) => [m.params.update.messageId, userText(m.params.update)]),
        [[ack.messageId, "wait"]],
        "only 'wait' was inserted; the held prompt never was",
      );
      // session/cancel does not affect a prompt sent after it.
      const { messages } = await turn(session, "after");
      assert.deepStrictEqual(agentTexts(messages), ["after"]);
      assert.equal(messages.at(-1).stopReason, "end_turn");
      session.dispose();
    });

    test("a prompt with a content block type the agent does not support is -32602, and nothing is inserted", async () => {
      const session = await c.startSession();
      for (const block of [{ type: "_vendor/blob", data: "AAEC" }, { type: "video", uri: "file:///tmp/v.mp4" }]) {
        await assert.rejects(c.within(`prompt ${block.type}`, session.prompt([{ type: "text", text: "look" }, block])), (err) => {
          assert.ok(err instanceof v2.RequestError, String(err));
          assert.equal(err.code, -32602, `${block.type}: ${err.code} ${err.message}`);
          return true;
        });
      }
      const { ack, messages } = await turn(session, "hello");
      const users = messages.filter(isUserMessage);
      assert.deepStrictEqual(
        users.map((m) => [m.update.messageId, userText(m.update)]),
        [[ack.messageId, "hello"]],
        "the rejected prompts were not inserted",
      );
      assert.deepStrictEqual(agentTexts(messages), ["hello"]);
      session.dispose();
    });

    test("every message the agent sent on the v2 connection is JSON-RPC 2.0 and validates against schema/v2", () => {
      c.wire.assertClean();
      for (const def of ["InitializeResponse", "NewSessionResponse", "PromptResponse", "UpdateSessionNotification", "RequestPermissionRequest"]) {
        assert.ok(c.wire.validated[def] >= 1, `no ${def} was validated: ${JSON.stringify(c.wire.validated)}`);
      }
      for (const kind of ["state_update", "agent_message_chunk", "tool_call_update", "plan_update"]) {
        assert.ok(c.wire.validatedUpdates[kind] >= 1, `no ${kind} was validated: ${JSON.stringify(c.wire.validatedUpdates)}`);
      }
      assert.ok(
        (c.wire.validatedUpdates.user_message ?? 0) + (c.wire.validatedUpdates.user_message_chunk ?? 0) >= 1,
        "a user message update was validated",
      );
    });
  });
}
