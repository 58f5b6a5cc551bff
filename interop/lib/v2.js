// Harness for the SDK's experimental ACP v2 client API
// (`@agentclientprotocol/sdk/experimental/v2`): connects a v2 `client()` app to
// a running demo agent over stdio (the v2 `ndJsonStream`), WebSocket or
// Streamable HTTP (the same experimental transport streams as the v1 tests),
// records the traffic in a `Wire` that validates every agent message against
// the v2 schema, and reads an `ActiveSession`'s updates with deadlines.

import { Readable, Writable } from "node:stream";
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import { CALL_TIMEOUT_MS, httpTransport, INTEROP_DIR, tapStream, webSocketTransport } from "./agent.js";
import { Wire } from "./wire.js";

export { v2 };

/** How long one update of a running turn may take to arrive (the JVM is warm by then). */
export const UPDATE_TIMEOUT_MS = 15_000;

/** initialize params of the v2 client (v2 shape: `info`, `capabilities`). */
export function v2InitializeParams() {
  return {
    protocolVersion: 2,
    info: { name: "acp-interop-v2", title: "ACP interop tests (v2 client)", version: "0.1.0" },
    capabilities: {},
  };
}

/** v2 SDK Stream over the agent's stdin/stdout; raw stdout lines go to `wire`. */
function v2StdioTransport(proc, wire) {
  const decoder = new TextDecoder();
  let pending = "";
  const tap = new TransformStream({
    transform(chunk, controller) {
      pending += decoder.decode(chunk, { stream: true });
      let nl;
      while ((nl = pending.indexOf("\n")) >= 0) {
        wire.rawLine(pending.slice(0, nl), { terminated: true });
        pending = pending.slice(nl + 1);
      }
      controller.enqueue(chunk);
    },
    flush() {
      pending += decoder.decode();
      if (pending.length) wire.rawLine(pending, { terminated: false });
    },
  });
  const stdout = Readable.toWeb(proc.child.stdout).pipeThrough(tap);
  return v2.ndJsonStream(Writable.toWeb(proc.child.stdin), stdout);
}

/**
 * Connects a v2 SDK client app to a running agent process (its stdio, or a new
 * WebSocket / Streamable HTTP connection). `configure(app)` registers client
 * handlers (e.g. `session/request_permission`) before it connects.
 */
export function connectV2Client(proc, { configure } = {}) {
  const wire = new Wire({ protocolVersion: 2 });
  const app = v2.client({ name: "acp-interop-v2" });
  if (configure) configure(app);
  const stream =
    proc.transport === "websocket"
      ? webSocketTransport(proc.url, wire)
      : proc.transport === "http"
        ? httpTransport(proc.url, wire)
        : v2StdioTransport(proc, wire);
  return new V2Client(proc, wire, app.connect(tapStream(stream, wire)));
}

export class V2Client {
  constructor(proc, wire, conn) {
    this.proc = proc;
    this.wire = wire;
    this.conn = conn;
    /** The SDK's v2 `ClientContext`: `request`, `notify`, `buildSession`. */
    this.agent = conn.agent;
  }

  /**
   * Awaits an SDK promise with a deadline; failures other than JSON-RPC error
   * responses get the agent's stderr tail attached.
   */
  async within(what, promise, timeoutMs = CALL_TIMEOUT_MS) {
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: nothing within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([promise, timeout]);
    } catch (err) {
      if (!(err instanceof v2.RequestError) && err instanceof Error) err.message += this.proc.diagnostics();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  request(method, params, timeoutMs) {
    return this.within(`request ${method}`, this.agent.request(method, params), timeoutMs);
  }

  notify(method, params) {
    return this.within(`notify ${method}`, this.agent.notify(method, params));
  }

  initialize() {
    return this.request("initialize", v2InitializeParams());
  }

  /** `buildSession(cwd).start()`: `session/new` and an `ActiveSession` routing its updates. */
  startSession(cwd = INTEROP_DIR) {
    return this.within("session/new", this.agent.buildSession(cwd).start());
  }

  /** `session.nextUpdate()` with a deadline (an abort signal: the queue keeps the update). */
  async nextUpdate(session, what = "the next session update", timeoutMs = UPDATE_TIMEOUT_MS) {
    try {
      return await session.nextUpdate(AbortSignal.timeout(timeoutMs));
    } catch (err) {
      if (err?.name === "TimeoutError" || err?.name === "AbortError") {
        throw new Error(`${what}: nothing within ${timeoutMs} ms${this.proc.diagnostics()}`);
      }
      throw err;
    }
  }

  /**
   * Reads `session`'s messages until `done(message)` is true for one of them;
   * returns them all (that one last).
   */
  async readUntil(session, what, done, timeoutMs = UPDATE_TIMEOUT_MS) {
    const seen = [];
    for (;;) {
      const message = await this.nextUpdate(session, `${what} (seen so far: ${seen.map(label).join(", ") || "nothing"})`, timeoutMs);
      seen.push(message);
      if (done(message)) return seen;
    }
  }

  /** Closes the SDK connection (the agent process is stopped by its owner). */
  close() {
    this.conn.close();
  }
}

/** Whether an ActiveSession message is a `state_update` with `state`. */
export function isState(message, state) {
  return message.update.sessionUpdate === "state_update" && message.update.state === state;
}

/** "kind", "state_update:state" or "tool_call_update:status", to compare whole sequences. */
export function label(message) {
  const u = message.update;
  if (u.sessionUpdate === "state_update") return `state_update:${u.state}${u.stopReason ? `:${u.stopReason}` : ""}`;
  if (u.sessionUpdate === "tool_call_update") return `tool_call_update:${u.status ?? "-"}`;
  return u.sessionUpdate;
}
