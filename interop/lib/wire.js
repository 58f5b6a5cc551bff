// Records every message that crosses the connection and checks it as it goes:
//   - raw stdout lines must each be one JSON object (newline-delimited JSON),
//   - raw WebSocket frames must each be a text frame holding exactly one JSON
//     object, without newline framing,
//   - every agent message must be a well-formed JSON-RPC 2.0 message,
//   - every agent response must answer a request the client actually sent,
//     exactly once,
//   - ACP messages the agent sends are validated against the `$defs` type of
//     their method in the schema of the connection's protocol version (see
//     schema.js); on a v2 connection (`new Wire({ protocolVersion: 2 })`) a
//     message of a non-extension method the v2 schema has no type for (a v1-only
//     method, say) is a problem too, so every agent message there is checked,
//     and an open value (update kind, state, content type, ...) must be one of
//     the draft's or a `_` extension.
// Problems are collected, not thrown, so one bad line does not break the
// transport; tests call `assertClean()` at the end.

import assert from "node:assert/strict";
import { acpSchema } from "./schema.js";

const ALLOWED_KEYS = new Set(["jsonrpc", "id", "method", "params", "result", "error"]);

function isPlainObject(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Returns a list of JSON-RPC 2.0 shape violations of `msg` (empty when fine). */
export function jsonRpcViolations(msg) {
  if (!isPlainObject(msg)) return ["not a JSON object"];
  const out = [];
  if (msg.jsonrpc !== "2.0") out.push(`jsonrpc is ${JSON.stringify(msg.jsonrpc)}, expected "2.0"`);
  for (const k of Object.keys(msg)) if (!ALLOWED_KEYS.has(k)) out.push(`unexpected member "${k}"`);
  const validId = (id) => typeof id === "string" || (typeof id === "number" && Number.isInteger(id));
  if ("method" in msg) {
    if (typeof msg.method !== "string") out.push("method is not a string");
    if ("id" in msg && !validId(msg.id)) out.push(`request id ${JSON.stringify(msg.id)} is not a string or integer`);
    if ("params" in msg && (typeof msg.params !== "object" || msg.params === null)) {
      out.push("params present but not an object or array");
    }
    if ("result" in msg || "error" in msg) out.push("request/notification carries result or error");
  } else if ("id" in msg) {
    if (!(validId(msg.id) || msg.id === null)) out.push(`response id ${JSON.stringify(msg.id)} is invalid`);
    const hasResult = "result" in msg;
    const hasError = "error" in msg;
    if (hasResult === hasError) out.push("response must have exactly one of result / error");
    if (hasError) {
      const e = msg.error;
      if (!isPlainObject(e)) out.push("error is not an object");
      else {
        if (!Number.isInteger(e.code)) out.push("error.code is not an integer");
        if (typeof e.message !== "string") out.push("error.message is not a string");
      }
    }
    if ("params" in msg) out.push("response carries params");
  } else {
    out.push("neither a request/notification (method) nor a response (id)");
  }
  return out;
}

const short = (v, n = 300) => {
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > n ? `${s.slice(0, n)}...` : s;
};

export class Wire {
  /** Raw stdout lines (stdio transport only), in arrival order. */
  rawLines = [];
  /** Raw received frames (WebSocket transport only): { binary, text }. */
  rawFrames = [];
  /** WebSocket handshake response { statusCode, headers } (WebSocket transport only). */
  handshake = null;
  /** WebSocket close { code, reason } once the socket has closed (WebSocket transport only). */
  closeFrame = null;
  /** Messages received from the agent, in arrival order. */
  inbound = [];
  /** Messages sent to the agent, in send order. */
  outbound = [];
  /** Both directions interleaved in the order seen here: { dir: "in" | "out", msg }. */
  events = [];
  /** Human-readable protocol violations. */
  problems = [];
  /** `$defs` name -> number of agent messages validated against it. */
  validated = {};
  /** `session/update` kind (`sessionUpdate`) -> number of those updates that validated. */
  validatedUpdates = {};

  #requestMethods = new Map(); // outbound request id -> method
  #answered = new Set();
  #schema;
  #strict;

  /**
   * `protocolVersion`: the ACP version the connection speaks, whose schema
   * validates the agent's messages (1, the default, or 2). On 2, a message of a
   * method that is neither an extension (`_...`) nor in the v2 schema is a
   * problem (on 1 such methods are not checked), and the schema's open values
   * are closed to this draft plus `_` extensions (`acpSchema(2, { closed: true })`).
   */
  constructor({ protocolVersion = 1 } = {}) {
    this.protocolVersion = protocolVersion;
    this.#schema = acpSchema(protocolVersion, { closed: protocolVersion >= 2 });
    this.#strict = protocolVersion >= 2;
  }

  /** Called by the stdio transport for each complete stdout line. */
  rawLine(text, { terminated = true } = {}) {
    const n = this.rawLines.length + 1;
    this.rawLines.push(text);
    if (!terminated) this.problems.push(`stdout line ${n} is not newline-terminated: ${short(text)}`);
    if (text.trim() === "") {
      this.problems.push(`stdout line ${n} is blank`);
      return;
    }
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      this.problems.push(`stdout line ${n} is not JSON (${e.message}): ${short(text)}`);
      return;
    }
    if (!isPlainObject(parsed)) this.problems.push(`stdout line ${n} is not a JSON object: ${short(text)}`);
  }

  /** Called by the WebSocket transport for each received frame (`data` as `ws` delivers it). */
  rawFrame(data, { binary = false } = {}) {
    const n = this.rawFrames.length + 1;
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    const text = bytes.toString("utf8");
    this.rawFrames.push({ binary, text });
    if (binary) {
      this.problems.push(`WebSocket frame ${n} is binary, expected a text frame: ${short(text)}`);
      return;
    }
    if (/[\r\n]\s*$/.test(text)) this.problems.push(`WebSocket frame ${n} ends with a newline (no newline framing expected): ${short(text)}`);
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      this.problems.push(`WebSocket frame ${n} is not one JSON value (${e.message}): ${short(text)}`);
      return;
    }
    if (!isPlainObject(parsed)) this.problems.push(`WebSocket frame ${n} is not a JSON object: ${short(text)}`);
  }

  /** Called for each message the client sends. */
  outboundMessage(msg) {
    this.outbound.push(msg);
    this.events.push({ dir: "out", msg });
    if (isPlainObject(msg) && "method" in msg && "id" in msg) this.#requestMethods.set(msg.id, msg.method);
  }

  /** Called for each message the agent sends (already parsed). */
  inboundMessage(msg) {
    const index = this.inbound.length;
    this.inbound.push(msg);
    this.events.push({ dir: "in", msg });
    const where = `agent message #${index + 1} ${short(msg)}`;
    const violations = jsonRpcViolations(msg);
    if (violations.length) {
      this.problems.push(`${where}: not valid JSON-RPC 2.0: ${violations.join("; ")}`);
      return;
    }
    if ("method" in msg) {
      const isRequest = "id" in msg;
      const def = this.#schema.agentToClientDefFor(msg.method, isRequest);
      if (!def && this.#strict && !msg.method.startsWith("_")) {
        this.problems.push(`${where}: ${isRequest ? "request" : "notification"} ${msg.method} is not in the ACP v${this.protocolVersion} schema`);
        return;
      }
      if (def && this.#validate(def, msg.params ?? {}, where) && msg.method === "session/update") {
        const kind = msg.params.update?.sessionUpdate;
        this.validatedUpdates[kind] = (this.validatedUpdates[kind] ?? 0) + 1;
      }
      return;
    }
    // A response: it must answer one of our requests, once.
    if (!this.#requestMethods.has(msg.id)) {
      this.problems.push(`${where}: response to unknown request id ${JSON.stringify(msg.id)}`);
      return;
    }
    if (this.#answered.has(msg.id)) {
      this.problems.push(`${where}: second response to request id ${JSON.stringify(msg.id)}`);
      return;
    }
    this.#answered.add(msg.id);
    const method = this.#requestMethods.get(msg.id);
    const def = this.#schema.responseDefFor(method);
    if (!def && this.#strict && !method.startsWith("_")) {
      this.problems.push(`${where}: answers ${method}, which is not in the ACP v${this.protocolVersion} schema`);
      return;
    }
    if (def && "result" in msg) this.#validate(def, msg.result, where);
  }

  #validate(def, value, where) {
    const err = this.#schema.validateDef(def, value);
    if (err) {
      this.problems.push(`${where}: fails schema $defs/${def}: ${err}`);
      return false;
    }
    this.validated[def] = (this.validated[def] ?? 0) + 1;
    return true;
  }

  /** Id of the first request we sent with `method` (and matching params predicate). */
  requestId(method, paramsMatch = () => true) {
    const m = this.outbound.find((x) => x.method === method && "id" in x && paramsMatch(x.params));
    return m?.id;
  }

  /** Index into `inbound` of the first message satisfying `pred`, or -1. */
  indexOf(pred) {
    return this.inbound.findIndex(pred);
  }

  /** Index of the agent's response to our request `id`, or -1. */
  responseIndex(id) {
    return this.indexOf((m) => !("method" in m) && m.id === id);
  }

  /** Fails with the full list of problems, if any were seen. */
  assertClean() {
    assert.ok(this.inbound.length > 0, "the agent never sent anything");
    assert.deepEqual(this.problems, [], `protocol problems on the wire:\n  ${this.problems.join("\n  ")}`);
  }
}
