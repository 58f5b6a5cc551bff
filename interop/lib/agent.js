// Test harness: spawn the demo agent jar, connect the official ACP SDK client
// to it over stdio or WebSocket, and record the traffic (see wire.js).
//
// Each transport is one function returning an SDK `Stream` ({ readable,
// writable } of JSON-RPC messages):
//   - `stdioTransport()`: newline-delimited JSON over the agent's stdin/stdout
//     (`acp.ndJsonStream`);
//   - `webSocketTransport()`: text frames on ws://127.0.0.1:<port>/acp, via the
//     SDK's `createWebSocketStream(url, { WebSocket })` from
//     `@agentclientprotocol/sdk/experimental/ws-client`, with the `ws` package's
//     WebSocket class (Node 20 has no global WebSocket);
//   - `httpTransport()`: Streamable HTTP on http://127.0.0.1:<port>/acp (the same
//     endpoint, agent started with --acp.transport=http), via the SDK's
//     `createHttpStream(url)` from `@agentclientprotocol/sdk/experimental/http-client`
//     (POST per message, SSE streams per connection and per session, on Node's fetch).
// `tapStream()` and `connectClient()` work on any Stream.

import { execFile, spawn } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, resolve } from "node:path";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import * as acp from "@agentclientprotocol/sdk";
import { createWebSocketStream } from "@agentclientprotocol/sdk/experimental/ws-client";
import { createHttpStream } from "@agentclientprotocol/sdk/experimental/http-client";
import { WebSocket } from "ws";
import { Wire } from "./wire.js";

export { acp, WebSocket };

/**
 * Transports the per-method test files run against: env ACP_INTEROP_TRANSPORTS
 * (comma-separated, e.g. "stdio"), default both.
 */
export const TRANSPORTS = (process.env.ACP_INTEROP_TRANSPORTS || "stdio,websocket,http")
  .split(",")
  .map((t) => t.trim())
  .filter(Boolean);
for (const t of TRANSPORTS) {
  if (t !== "stdio" && t !== "websocket" && t !== "http") throw new Error(`ACP_INTEROP_TRANSPORTS: unknown transport "${t}"`);
}

/** How long to retry the first WebSocket connection while the JVM starts. */
export const WS_READY_TIMEOUT_MS = 40_000;

/** How long the agent may take to exit after SIGTERM (WebSocket mode). */
export const SIGTERM_EXIT_MS = 15_000;

/** Whether `transport` is served on the agent's HTTP port (WebSocket or Streamable HTTP). */
export function isRemote(transport) {
  return transport === "websocket" || transport === "http";
}

/** Path of the agent's WebSocket endpoint. */
export const WS_PATH = "/acp";

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

/**
 * Threads whose stacks tell why a JVM does not stop: its shutdown, ACP's and the
 * web server's (pool threads idle in `getTask` left out).
 */
const STOPPING_THREADS = /^"(SpringApplicationShutdownHook|DestroyJavaVM|main|tomcat-shutdown|acp-[^"]*|http-nio-[^"]*|Thread-\d+)"/;

/**
 * The stacks of the threads of a JVM that matter to its shutdown (`jcmd <pid>
 * Thread.print`, from the JDK of $JAVA or the `java` on the path), for the
 * diagnostics of an agent that did not exit.
 */
function threadsOf(pid) {
  let jcmd = "jcmd";
  try {
    const java = process.env.JAVA || "java";
    const home = dirname(realpathSync(java.includes("/") ? java : resolveOnPath(java)));
    if (existsSync(resolve(home, "jcmd"))) jcmd = resolve(home, "jcmd");
  } catch {
    // jcmd from the path
  }
  return new Promise((res) => {
    execFile(jcmd, [String(pid), "Thread.print"], { timeout: 10_000, maxBuffer: 16 << 20 }, (err, stdout) => {
      if (err && !stdout) return res(`(no thread dump: ${err.message})`);
      const stacks = stdout
        .split("\n\n")
        .filter((block) => STOPPING_THREADS.test(block.trim()) && !block.includes("ThreadPoolExecutor.getTask"));
      res(stacks.map((block) => block.trim().split("\n").slice(0, 30).join("\n")).join("\n\n"));
    });
  });
}

/** The absolute path of `command` on $PATH. */
function resolveOnPath(command) {
  for (const dir of (process.env.PATH || "").split(":")) {
    const candidate = resolve(dir || ".", command);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${command} is not on the path`);
}

/** A free TCP port on 127.0.0.1 (listen on port 0, read it, close). */
export function freePort() {
  return new Promise((res, rej) => {
    const server = createServer();
    server.unref();
    server.once("error", rej);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => res(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A spawned `java -jar acp-demo.jar` process with piped stdio.
 *
 * transport "stdio": the agent speaks ACP on stdin/stdout.
 * transport "websocket": started with `--acp.transport=websocket
 * --server.port=<port> --server.address=127.0.0.1`; ACP is served on `url`
 * (stdin stays open and unused, stdout is only collected for diagnostics).
 * Use `AgentProcess.spawn()`, which picks the port.
 */
export class AgentProcess {
  /** Resolves to { code, signal } once the process has exited. */
  exited;
  exitInfo = null;
  /** ws://127.0.0.1:<port>/acp in WebSocket mode, http://127.0.0.1:<port>/acp in HTTP mode, else undefined. */
  url;
  /** ws://127.0.0.1:<port>/acp in WebSocket and HTTP mode (the endpoint takes upgrades in both). */
  wsUrl;
  #stderr = "";
  #stdout = "";
  #threadDump = "";

  /** Spawns the agent for `transport`, choosing a free port for WebSocket mode. */
  static async spawn({ label = "agent", transport = "stdio" } = {}) {
    const port = isRemote(transport) ? await freePort() : undefined;
    return new AgentProcess(label, { transport, port });
  }

  constructor(label = "agent", { transport = "stdio", port } = {}) {
    this.label = label;
    this.transport = transport;
    const jar = requireDemoJar();
    const java = process.env.JAVA || "java";
    // the fast launch's JVM flags (C1 only, serial GC): half the CPU time of a start
    const args = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-jar", jar];
    if (transport === "websocket") {
      if (!port) throw new Error("websocket transport needs a port");
      this.port = port;
      this.url = `ws://127.0.0.1:${port}${WS_PATH}`;
      this.wsUrl = this.url;
      args.push("--acp.transport=websocket", `--server.port=${port}`, "--server.address=127.0.0.1");
    } else if (transport === "http") {
      if (!port) throw new Error("http transport needs a port");
      this.port = port;
      this.url = `http://127.0.0.1:${port}${WS_PATH}`;
      this.wsUrl = `ws://127.0.0.1:${port}${WS_PATH}`;
      args.push("--acp.transport=http", `--server.port=${port}`, "--server.address=127.0.0.1");
    } else if (transport !== "stdio") {
      throw new Error(`unknown transport ${transport}`);
    }
    this.child = spawn(java, args, { stdio: ["pipe", "pipe", "pipe"] });
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
    if (isRemote(transport)) {
      // Not the protocol channel here: drain it (a full pipe would block the
      // JVM) and keep the tail for diagnostics (Spring Boot logs to stdout).
      this.child.stdout.setEncoding("utf8");
      this.child.stdout.on("data", (s) => {
        if (process.env.ACP_INTEROP_VERBOSE) process.stderr.write(`[${this.label} stdout] ${s}`);
        this.#stdout = (this.#stdout + s).slice(-STDERR_KEEP);
      });
    }
  }

  /** Last lines of the agent's stderr (and stdout in WebSocket mode) plus its exit state, for error messages. */
  diagnostics(lines = 40) {
    const tailOf = (text) => text.split("\n").slice(-lines).join("\n");
    const state = this.exitInfo ? `exited ${JSON.stringify(this.exitInfo)}` : "still running";
    const where = this.url ? `, ${this.url}` : "";
    let out = `\n--- ${this.label} (pid ${this.child.pid}${where}, ${state}) stderr tail ---\n${tailOf(this.#stderr)}\n---`;
    if (isRemote(this.transport)) out += `\n--- ${this.label} stdout tail ---\n${tailOf(this.#stdout)}\n---`;
    if (this.#threadDump) out += `\n--- ${this.label} threads before SIGKILL ---\n${this.#threadDump}\n---`;
    return out;
  }

  /**
   * WebSocket mode: retries a plain connection to `url` until one opens (then
   * closes it), for up to `timeoutMs`. Fails early if the process exits.
   */
  async waitForWebSocket(timeoutMs = WS_READY_TIMEOUT_MS) {
    const deadline = Date.now() + timeoutMs;
    let lastError = "no attempt";
    while (Date.now() < deadline) {
      if (this.exitInfo) {
        throw new Error(`agent exited before ${this.wsUrl} accepted a WebSocket connection${this.diagnostics()}`);
      }
      try {
        const socket = await openWebSocket(this.wsUrl, { timeoutMs: Math.min(5_000, Math.max(deadline - Date.now(), 1)) });
        await closeWebSocket(socket);
        return;
      } catch (err) {
        lastError = err.message;
      }
      await sleep(200);
    }
    throw new Error(
      `no WebSocket connection to ${this.wsUrl} within ${timeoutMs} ms (last error: ${lastError})${this.diagnostics()}`,
    );
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

  /**
   * Sends SIGTERM and waits up to `timeoutMs` for the exit. Returns
   * { exit, ms }, or { exit: null } after SIGKILL-ing a process that did not
   * exit in time.
   */
  async terminate(timeoutMs = SIGTERM_EXIT_MS) {
    if (this.exitInfo) return { exit: this.exitInfo, ms: 0, alreadyExited: true };
    const started = Date.now();
    this.child.kill("SIGTERM");
    let timer;
    const timeout = new Promise((res) => {
      timer = setTimeout(() => res(null), timeoutMs);
    });
    const exit = await Promise.race([this.exited, timeout]);
    clearTimeout(timer);
    if (exit) return { exit, ms: Date.now() - started };
    this.#threadDump = await threadsOf(this.child.pid);
    this.child.kill("SIGKILL");
    await this.exited;
    return { exit: null, ms: Date.now() - started };
  }

  /**
   * Stops the agent at the end of a test file: stdio closes stdin (end of
   * input) and waits, killing after 10 s; WebSocket sends SIGTERM and fails if
   * the process has not exited within 15 s.
   */
  async stop() {
    if (isRemote(this.transport)) {
      const { exit } = await this.terminate();
      if (!exit) throw new Error(`agent still running ${SIGTERM_EXIT_MS} ms after SIGTERM (killed)${this.diagnostics()}`);
      return exit;
    }
    this.endInput();
    const timer = setTimeout(() => void this.kill(), 10_000);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Opens a raw `ws` WebSocket. Resolves to the open socket, with
 * `socket.upgradeResponse` set to the HTTP handshake response (its `headers`
 * are lower-cased). Rejects on error, unexpected HTTP response or timeout.
 */
export function openWebSocket(url, { timeoutMs = 5_000, WebSocketClass = WebSocket } = {}) {
  return new Promise((res, rej) => {
    const socket = new WebSocketClass(url);
    let timer;
    const fail = (err) => {
      clearTimeout(timer);
      socket.removeAllListeners("open");
      socket.on("error", () => {});
      socket.terminate();
      rej(err);
    };
    timer = setTimeout(() => fail(new Error(`WebSocket open timed out after ${timeoutMs} ms`)), timeoutMs);
    socket.once("upgrade", (response) => {
      socket.upgradeResponse = response;
    });
    socket.once("unexpected-response", (_req, response) =>
      fail(new Error(`HTTP ${response.statusCode} instead of a WebSocket upgrade`)),
    );
    socket.once("error", (err) => fail(err));
    socket.once("open", () => {
      clearTimeout(timer);
      socket.removeAllListeners("error");
      socket.on("error", () => {});
      res(socket);
    });
  });
}

/** Closes a raw socket (normal closure) and waits for the close, at most 2 s. */
export function closeWebSocket(socket) {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((res) => {
    const timer = setTimeout(() => {
      socket.terminate();
      res();
    }, 2_000);
    socket.once("close", () => {
      clearTimeout(timer);
      res();
    });
    socket.close(1000);
  });
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

/**
 * `ws` WebSocket subclass that reports every received frame, as sent (text or
 * binary), to `wire.rawFrame()` before the SDK sees it (the SDK drops binary
 * frames and answers unparsable ones itself), and keeps the handshake response.
 */
function recordingWebSocket(wire) {
  return class RecordingWebSocket extends WebSocket {
    constructor(...args) {
      super(...args);
      this.on("upgrade", (response) => {
        wire.handshake = { statusCode: response.statusCode, headers: response.headers };
      });
      this.on("message", (data, isBinary) => wire.rawFrame(data, { binary: isBinary }));
      this.on("close", (code, reason) => {
        wire.closeFrame = { code, reason: reason.toString() };
      });
    }
  };
}

/** SDK Stream over the agent's WebSocket endpoint; raw frames go to `wire`. */
export function webSocketTransport(url, wire) {
  return createWebSocketStream(url, { WebSocket: recordingWebSocket(wire) });
}

/**
 * SDK Stream over the agent's Streamable HTTP endpoint. Node's fetch is wrapped
 * to keep the answer to the initialize POST (status and headers) in
 * `wire.handshake` and count the HTTP requests by method in `wire.httpRequests`.
 */
export function httpTransport(url, wire) {
  wire.httpRequests = { POST: 0, GET: 0, DELETE: 0 };
  const recordingFetch = async (input, init) => {
    const method = init?.method ?? "GET";
    wire.httpRequests[method] = (wire.httpRequests[method] ?? 0) + 1;
    const response = await fetch(input, init);
    const headers = new Headers(init?.headers);
    if (method === "POST" && !headers.has("acp-connection-id")) {
      wire.handshake = { statusCode: response.status, headers: Object.fromEntries(response.headers) };
    }
    return response;
  };
  return createHttpStream(url, { fetch: recordingFetch });
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
 * Spawns the agent process for `transport` ("stdio" or "websocket"); in
 * WebSocket mode, also waits until its endpoint accepts connections.
 */
export async function spawnAgent({ label = "agent", transport = "stdio" } = {}) {
  const proc = await AgentProcess.spawn({ label, transport });
  if (isRemote(transport)) {
    try {
      await proc.waitForWebSocket();
    } catch (err) {
      await proc.kill();
      throw err;
    }
  }
  return proc;
}

/**
 * Connects a new SDK client to a running agent process: its stdio, or a new
 * WebSocket connection (several clients may connect to one WebSocket agent).
 *
 * `configure(app)` may register extra client handlers on the `acp.ClientApp`
 * before it connects. `session/update` notifications received through the SDK
 * are collected in `updates`. With `ownsProcess`, `close()` also stops the agent.
 */
export function connectClient(proc, { configure, ownsProcess = false } = {}) {
  const wire = new Wire();
  const updates = [];
  const app = acp.client({ name: "acp-interop" }).onNotification("session/update", ({ params }) => {
    updates.push(params);
  });
  if (configure) configure(app);
  const stream =
    proc.transport === "websocket"
      ? webSocketTransport(proc.url, wire)
      : proc.transport === "http"
        ? httpTransport(proc.url, wire)
        : stdioTransport(proc, wire);
  const conn = app.connect(tapStream(stream, wire));
  return new AgentSession(proc, wire, conn, updates, { ownsProcess });
}

/**
 * Spawns the agent and connects an SDK client to it over `transport`
 * ("stdio", the default, or "websocket"). `close()` stops the agent.
 */
export async function startAgent({ label = "agent", transport = "stdio", configure } = {}) {
  const proc = await spawnAgent({ label, transport });
  return connectClient(proc, { configure, ownsProcess: true });
}

export class AgentSession {
  constructor(proc, wire, conn, updates, { ownsProcess = true } = {}) {
    this.proc = proc;
    this.transport = proc.transport;
    this.ownsProcess = ownsProcess;
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

  /**
   * Closes the SDK connection and, if this session owns it, stops the agent
   * process (see `AgentProcess.stop()`: SIGTERM in WebSocket mode).
   */
  async close() {
    this.conn.close();
    if (this.ownsProcess) await this.proc.stop();
  }
}
