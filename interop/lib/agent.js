// Test harness: spawn the demo agent jar, connect the official ACP SDK client
// to it over stdio, and record the traffic (see wire.js).
//
// The transport is isolated in `stdioTransport()`: it returns an SDK `Stream`
// ({ readable, writable } of JSON-RPC messages). A WebSocket variant only needs
// another function returning a Stream (e.g. the SDK's
// `@agentclientprotocol/sdk/experimental/ws-client` createWebSocketStream, which
// needs the `ws` package on Node 20); `tapStream()` and `connectClient()` work
// on any Stream.

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import * as acp from "@agentclientprotocol/sdk";
import { Wire } from "./wire.js";

export { acp };

export const INTEROP_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Generous per-call timeout: the first request also pays for JVM start-up. */
export const CALL_TIMEOUT_MS = 30_000;

/** Path of the demo agent jar (env ACP_DEMO_JAR, else ../demo-app/target/acp-demo.jar). */
export function demoJarPath() {
  return process.env.ACP_DEMO_JAR
    ? resolve(process.env.ACP_DEMO_JAR)
    : resolve(INTEROP_DIR, "../demo-app/target/acp-demo.jar");
}

/** Throws a clear error when the jar has not been built. */
export function requireDemoJar() {
  const jar = demoJarPath();
  if (!existsSync(jar)) {
    throw new Error(
      `ACP demo agent jar not found: ${jar}\n` +
        "Build it first (e.g. `mvn -q package` in the Java project) or point ACP_DEMO_JAR at it.",
    );
  }
  return jar;
}

const STDERR_KEEP = 64 * 1024;

/** A spawned `java -jar acp-demo.jar` process with piped stdio. */
export class AgentProcess {
  /** Resolves to { code, signal } once the process has exited. */
  exited;
  exitInfo = null;
  #stderr = "";

  constructor(label = "agent") {
    this.label = label;
    const jar = requireDemoJar();
    const java = process.env.JAVA || "java";
    this.child = spawn(java, ["-jar", jar], { stdio: ["pipe", "pipe", "pipe"] });
    this.exited = new Promise((res) => {
      this.child.once("exit", (code, signal) => {
        this.exitInfo = { code, signal };
        res(this.exitInfo);
      });
      this.child.once("error", (err) => {
        this.#stderr += `\n[spawn error] ${err.message}`;
        this.exitInfo = { code: null, signal: null, error: err };
        res(this.exitInfo);
      });
    });
    // Writing to a dead process must not crash the test runner.
    this.child.stdin.on("error", () => {});
    this.child.stderr.setEncoding("utf8");
    this.child.stderr.on("data", (s) => {
      if (process.env.ACP_INTEROP_VERBOSE) process.stderr.write(`[${this.label}] ${s}`);
      this.#stderr = (this.#stderr + s).slice(-STDERR_KEEP);
    });
  }

  /** Last lines of the agent's stderr plus its exit state, for error messages. */
  diagnostics(lines = 40) {
    const tail = this.#stderr.split("\n").slice(-lines).join("\n");
    const state = this.exitInfo ? `exited ${JSON.stringify(this.exitInfo)}` : "still running";
    return `\n--- ${this.label} (pid ${this.child.pid}, ${state}) stderr tail ---\n${tail}\n---`;
  }

  /** Closes the agent's stdin (end of input). */
  endInput() {
    this.child.stdin.end();
  }

  /** Terminates the process if still alive (SIGTERM, then SIGKILL after 5 s). */
  async kill() {
    if (this.exitInfo) return this.exitInfo;
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Splits a byte stream into lines for `onLine`, passing the bytes through unchanged. */
function lineTap(onLine) {
  const decoder = new TextDecoder();
  let pending = "";
  return new TransformStream({
    transform(chunk, controller) {
      pending += decoder.decode(chunk, { stream: true });
      let nl;
      while ((nl = pending.indexOf("\n")) >= 0) {
        onLine(pending.slice(0, nl), { terminated: true });
        pending = pending.slice(nl + 1);
      }
      controller.enqueue(chunk);
    },
    flush() {
      pending += decoder.decode();
      if (pending.length) onLine(pending, { terminated: false });
    },
  });
}

/** SDK Stream over the agent's stdin/stdout; raw stdout lines go to `wire`. */
export function stdioTransport(proc, wire) {
  const stdout = Readable.toWeb(proc.child.stdout).pipeThrough(lineTap((line, o) => wire.rawLine(line, o)));
  const stdin = Writable.toWeb(proc.child.stdin);
  return acp.ndJsonStream(stdin, stdout);
}

/** Wraps an SDK Stream so every message in both directions is recorded in `wire`. */
export function tapStream(stream, wire) {
  const readable = stream.readable.pipeThrough(
    new TransformStream({
      transform(msg, controller) {
        wire.inboundMessage(msg);
        controller.enqueue(msg);
      },
    }),
  );
  const inner = stream.writable.getWriter();
  const writable = new WritableStream({
    write(msg) {
      wire.outboundMessage(msg);
      return inner.write(msg);
    },
    close: () => inner.close(),
    abort: (reason) => inner.abort(reason),
  });
  return { readable, writable };
}

/** initialize params; `workspace` adds the zed.dev workspace capability in `_meta`. */
export function initializeParams({ workspace = true } = {}) {
  const clientCapabilities = {
    fs: { readTextFile: false, writeTextFile: false },
    terminal: false,
  };
  if (workspace) clientCapabilities._meta = { "zed.dev": { workspace: true } };
  return {
    protocolVersion: 1,
    clientCapabilities,
    clientInfo: { name: "acp-interop", title: "ACP interop tests", version: "0.1.0" },
  };
}

/**
 * Spawns the agent and connects an SDK client to it.
 *
 * `configure(app)` may register extra client handlers on the `acp.ClientApp`
 * before it connects. `session/update` notifications received through the SDK
 * are collected in `updates`.
 */
export async function startAgent({ label = "agent", configure } = {}) {
  const proc = new AgentProcess(label);
  const wire = new Wire();
  const updates = [];
  const app = acp.client({ name: "acp-interop" }).onNotification("session/update", ({ params }) => {
    updates.push(params);
  });
  if (configure) configure(app);
  const conn = app.connect(tapStream(stdioTransport(proc, wire), wire));
  return new AgentSession(proc, wire, conn, updates);
}

export class AgentSession {
  constructor(proc, wire, conn, updates) {
    this.proc = proc;
    this.wire = wire;
    this.conn = conn;
    /** The SDK's ClientContext: `request(method, params)` / `notify(method, params)`. */
    this.agent = conn.agent;
    this.updates = updates;
  }

  /**
   * Awaits an SDK promise with a deadline; failures other than JSON-RPC error
   * responses get the agent's stderr tail attached.
   */
  async within(what, promise, timeoutMs = CALL_TIMEOUT_MS) {
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([promise, timeout]);
    } catch (err) {
      if (!(err instanceof acp.RequestError) && err instanceof Error) {
        err.message += this.proc.diagnostics();
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** conn.agent.request(method, params) with a deadline. */
  request(method, params, timeoutMs) {
    return this.within(`request ${method}`, this.agent.request(method, params), timeoutMs);
  }

  /** conn.agent.notify(method, params). */
  notify(method, params) {
    return this.within(`notify ${method}`, this.agent.notify(method, params));
  }

  initialize(opts) {
    return this.request("initialize", initializeParams(opts));
  }

  newSession(cwd = INTEROP_DIR) {
    return this.request("session/new", { cwd, mcpServers: [] });
  }

  /** Waits until `predicate()` is truthy (polling), or fails with `what`. */
  async until(what, predicate, timeoutMs = 5_000, intervalMs = 25) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await predicate();
      if (value) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${this.proc.diagnostics()}`);
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  }

  /** Closes the SDK connection and the agent process. */
  async close() {
    this.conn.close();
    this.proc.endInput();
    const timer = setTimeout(() => void this.proc.kill(), 10_000);
    try {
      await this.proc.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}
