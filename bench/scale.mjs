// Many connections at once, beside the TypeScript SDK 2.4's own server, in one run (issue 37):
//
//   node bench/scale.mjs ws [N=1000] [options] [-- extra demo args]     N WebSocket connections
//   node bench/scale.mjs http [N=1000] [options] [-- extra demo args]   N Streamable HTTP connections
//
// options: --rate=500 (turns/s across all connections) --seconds=20 (of turns at that rate) --batch=100 (connections
// set up, or closed, at once) --hold=5 (seconds held idle before measuring) --warmup=200 --warmup-seconds=10 (before
// the idle figures, that many connections set up, given turns at the rate for that long, and closed)
// --servers=ours,ts (or one of them)
//
// The demo jar (ACP_DEMO_JAR, default demo-app/target/acp-demo.jar; extra JVM flags from JAVA_OPTS) runs with its
// connection limits raised (acp.websocket.max-connections, which bounds Streamable HTTP connections too, and
// server.tomcat.max-connections) and its in-memory session store's bound above the sessions opened
// (acp.sessions.memory.max-sessions, 1000 by default: past it idle sessions are evicted); then
// bench/reference/ts-agent/agent.mjs --port=<p> (the SDK's AcpServer: WebSocket and Streamable HTTP at /acp, no
// connection limit) runs under node --expose-gc --heap-report. Each server, in turn:
//   1. warm-up, then idle figures: RSS (VmRSS of /proc/<pid>/status), threads, heap after GC
//   2. N connections set up, `batch` at once: each opens (a WebSocket; or over HTTP: POST initialize, GET the
//      connection's event stream, POST session/new, GET the session's event stream), then initialize, session/new
//      and one prompt turn (a session/update, then stopReason end_turn); "connect time for all" is this whole step
//   3. held idle `hold` seconds, then the figures "at peak": RSS, threads, heap after GC, JVM threads by name
//   4. turns at `rate`/s for `seconds` s, each on a random connection with no turn in flight; latency from sending
//      session/prompt to its answer (the update must come first)
//   5. all closed (WebSocket close handshake; HTTP DELETE, then both event streams must end), 3 s, figures again
// Heap after GC: for the JVM, jcmd GC.run twice, then the heap in use of GC.heap_info; for Node, SIGUSR2 makes the
// agent run gc() twice and report process.memoryUsage().heapUsed. RSS is read after them (before, too). Errors: any
// failed or refused request, JSON-RPC error, HTTP status other than the expected one, turn without its update,
// request not answered in 60 s, or connection dropped before the client closed it. CPU of the client and the
// server during the turns is printed: a client near one core (of this machine's two) is the bottleneck.
// Prints one block per server, a markdown table (ours / TS) and one JSON line; exits 1 on any error. HISTO=<n> also
// prints the demo's n largest classes (jcmd GC.class_histogram) at peak.
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import http from 'node:http';
import { eachLine } from './lib/lines.mjs';

const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const own = dashes >= 0 ? argv.slice(0, dashes) : argv;
const extra = dashes >= 0 ? argv.slice(dashes + 1) : [];
const option = (name, fallback) => {
  const found = own.find((a) => a.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
};
const positional = own.filter((a) => !a.startsWith('--'));
const mode = positional[0] || 'ws';
if (mode !== 'ws' && mode !== 'http') {
  console.error('usage: node bench/scale.mjs ws|http [N] [--rate=500 --seconds=20 --batch=100 --hold=5 --warmup=200 --servers=ours,ts] [-- demo args]');
  process.exit(2);
}
const count = Number(positional[1] || 1000);
const rate = Number(option('rate', 500));
const seconds = Number(option('seconds', 20));
const batch = Number(option('batch', 100));
const hold = Number(option('hold', 5));
const warmup = Number(option('warmup', 200));
const warmupSeconds = Number(option('warmup-seconds', 10));
const servers = option('servers', 'ours,ts').split(',');
const jar = process.env.ACP_DEMO_JAR || 'demo-app/target/acp-demo.jar';
const javaOpts = (process.env.JAVA_OPTS || '').split(/\s+/).filter(Boolean);
const WebSocket = createRequire(new URL('../interop/package.json', import.meta.url))('ws');
const tsAgent = new URL('reference/ts-agent/agent.mjs', import.meta.url).pathname;
const REQUEST_TIMEOUT_MS = 60000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

// ---------------------------------------------------------------------------------------------------------- errors
class Errors {
  constructor() { this.byKind = {}; this.first = []; this.total = 0; }
  add(kind, detail) {
    this.byKind[kind] = (this.byKind[kind] || 0) + 1;
    this.total++;
    if (this.first.length < 5) this.first.push(`${kind}: ${String(detail).slice(0, 200)}`);
  }
}

// ------------------------------------------------------------------------------------------------------- processes
async function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function procStatus(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number((new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text) || [])[1]);
    return { rssMiB: kb('VmRSS') / 1024, hwmMiB: kb('VmHWM') / 1024, threads: kb('Threads') };
  }
  catch {
    return { rssMiB: NaN, hwmMiB: NaN, threads: NaN };
  }
}

function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  }
  catch {
    return NaN;
  }
}

function startServer(kind, port) {
  let command;
  if (kind === 'ours') {
    const transport = mode === 'ws' ? 'websocket' : 'http';
    // over HTTP each connection holds two event streams (GETs) beside the pooled POST sockets
    const sockets = (mode === 'ws' ? count : 2 * count) + 1000;
    command = ['java', ...javaOpts, '-jar', jar, `--acp.transport=${transport}`, `--server.port=${port}`,
      '--server.address=127.0.0.1', `--acp.websocket.max-connections=${count + 1000}`,
      `--server.tomcat.max-connections=${sockets}`, `--acp.sessions.memory.max-sessions=${count + warmup + 1000}`, ...extra];
  }
  else {
    command = [process.execPath, '--expose-gc', tsAgent, `--port=${port}`, '--heap-report'];
  }
  const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
  const server = { kind, child, port, command: command.join(' '), stderrTail: '', heapWaiters: [] };
  eachLine(child.stderr, (line) => {
    if (line.startsWith('{"heapReport":')) server.heapWaiters.shift()?.(JSON.parse(line).heapReport);
    else server.stderrTail = (server.stderrTail + line + '\n').slice(-4000);
  });
  server.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  server.peakThreads = 0;
  server.sampler = setInterval(() => {
    const threads = procStatus(child.pid).threads;
    if (threads > server.peakThreads) server.peakThreads = threads;
  }, 100);
  return server;
}

async function waitForPort(server) {
  for (let i = 0; i < 1200; i++) {
    if (server.child.exitCode !== null) throw new Error(`${server.kind} exited: ${server.stderrTail}`);
    const open = await new Promise((resolve) => {
      const socket = connect(server.port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`${server.kind} did not open port ${server.port}`);
}

async function stopServer(server) {
  clearInterval(server.sampler);
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 30000);
  const exit = await server.exited;
  clearTimeout(timer);
  return exit;
}

const jcmd = (server, ...args) => execFileSync('jcmd', [String(server.child.pid), ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });

// heap in use after two full collections, in MiB
async function heapAfterGc(server) {
  if (server.kind === 'ours') {
    jcmd(server, 'GC.run');
    jcmd(server, 'GC.run');
    const info = jcmd(server, 'GC.heap_info');
    // G1: one "garbage-first heap total ..K, used ..K"; Serial / Parallel: one line per generation
    let used = 0;
    for (const m of info.matchAll(/total (\d+)K, used (\d+)K/g)) used += Number(m[2]);
    return used / 1024;
  }
  const report = new Promise((resolve) => server.heapWaiters.push(resolve));
  server.child.kill('SIGUSR2');
  const timeout = sleep(15000).then(() => undefined);
  const value = await Promise.race([report, timeout]);
  return value ? value.heapUsed / 1048576 : NaN;
}

// JVM threads grouped by name, numbers and the port dropped ("http-nio-127.0.0.1-<port>-exec": 10)
function threadsByName(server) {
  if (server.kind !== 'ours') return undefined;
  const dump = jcmd(server, 'Thread.print');
  const groups = {};
  for (const m of dump.matchAll(/^"([^"]+)"/gm)) {
    const key = m[1].replaceAll(String(server.port), '<port>').replace(/[-#\s]*\d+$/, '').replace(/\d+/g, 'N');
    groups[key] = (groups[key] || 0) + 1;
  }
  return Object.fromEntries(Object.entries(groups).sort((a, b) => b[1] - a[1]));
}

// RSS before and after the collections; the one after (garbage of the setup gone, the heap shrunk as the collector
// does after a full collection) is the one compared, for both servers
async function figures(server, withThreadNames) {
  const before = procStatus(server.child.pid);
  const names = withThreadNames ? threadsByName(server) : undefined;
  const heapMiB = await heapAfterGc(server);
  await sleep(500);
  const after = procStatus(server.child.pid);
  return { rssMiB: after.rssMiB, rssBeforeGcMiB: before.rssMiB, threads: before.threads, heapMiB, threadNames: names };
}

// ---------------------------------------------------------------------------------------------------------- clients
const initialize = (id) => ({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: 1, clientCapabilities: {} } });
const sessionNew = (id) => ({ jsonrpc: '2.0', id, method: 'session/new', params: { cwd: '/tmp', mcpServers: [] } });
const prompt = (id, sessionId) => ({ jsonrpc: '2.0', id, method: 'session/prompt',
  params: { sessionId, prompt: [{ type: 'text', text: 'hello from connection scale' }] } });

// One ACP connection's client side: requests by id, each answered within REQUEST_TIMEOUT_MS; session/update counted.
class Peer {
  constructor(errors) {
    this.errors = errors;
    this.pending = new Map();
    this.nextId = 0;
    this.updates = 0;
    this.closing = false;
    this.busy = false;
  }

  onMessage(message) {
    if (message.method === 'session/update') { this.updates++; return; }
    if (message.method !== undefined) return;
    const waiter = this.pending.get(message.id);
    if (!waiter) { this.errors.add('unmatched answer', JSON.stringify(message)); return; }
    this.pending.delete(message.id);
    clearTimeout(waiter.timer);
    if (message.error) { this.errors.add('JSON-RPC error', JSON.stringify(message.error)); waiter.reject(new Error('error answer')); }
    else waiter.resolve(message.result);
  }

  expect(id, method) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.errors.add('timeout', `${method} not answered in ${REQUEST_TIMEOUT_MS} ms`);
        reject(new Error('timeout'));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(id, { resolve, reject, timer });
    });
  }

  dropped(detail) {
    if (this.closing || this.gone) return;
    this.gone = true;
    this.errors.add('dropped', detail);
    for (const [, waiter] of this.pending) { clearTimeout(waiter.timer); waiter.reject(new Error('dropped')); }
    this.pending.clear();
  }

  async setup() {
    await this.call(initialize(this.nextId++));
    this.sessionId = (await this.call(sessionNew(this.nextId++))).sessionId;
    await this.openSession();
    await this.turn();
  }

  // one prompt turn; resolves with its latency in ms, rejects on any error
  async turn() {
    this.busy = true;
    try {
      const updatesBefore = this.updates;
      const started = now();
      const result = await this.call(prompt(this.nextId++, this.sessionId));
      const latency = now() - started;
      if (result?.stopReason !== 'end_turn') { this.errors.add('bad turn', JSON.stringify(result)); throw new Error('bad turn'); }
      if (this.updates === updatesBefore) { this.errors.add('turn without update', this.sessionId); throw new Error('no update'); }
      return latency;
    }
    finally {
      this.busy = false;
    }
  }

  async openSession() {}
}

class WsPeer extends Peer {
  constructor(errors, port) {
    super(errors);
    this.port = port;
  }

  async open() {
    const socket = new WebSocket(`ws://127.0.0.1:${this.port}/acp`, { perMessageDeflate: false });
    this.socket = socket;
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', (error) => { this.errors.add('connect', error.message); reject(error); });
    });
    socket.on('message', (data) => this.onMessage(JSON.parse(data.toString())));
    socket.on('error', (error) => this.dropped(error.message));
    this.closed = new Promise((resolve) => socket.on('close', (code) => { this.dropped(`closed by the server (${code})`); resolve(); }));
  }

  call(message) {
    if (this.gone) return Promise.reject(new Error('dropped'));
    const answer = this.expect(message.id, message.method);
    this.socket.send(JSON.stringify(message));
    return answer;
  }

  async close() {
    this.closing = true;
    this.socket.close(1000);
    const timeout = sleep(REQUEST_TIMEOUT_MS).then(() => 'timeout');
    if (await Promise.race([this.closed, timeout]) === 'timeout') {
      this.errors.add('close', 'close handshake not completed');
      this.socket.terminate();
    }
  }
}

// The POSTs of all connections share keep-alive sockets, taken in turn (fifo), so that none idles into the server's
// keep-alive timeout (Node's is 5 s: a socket it closes as a request is sent on it fails ECONNRESET). Each phase
// (set-up, turns, closing) gets fresh sockets: the pause before it is longer than that timeout.
let postAgent;
function freshPostAgent() {
  postAgent?.destroy();
  postAgent = new http.Agent({ keepAlive: true, maxSockets: Math.max(batch, 64), scheduling: 'fifo' });
}

class HttpPeer extends Peer {
  constructor(errors, port) {
    super(errors);
    this.port = port;
    this.streams = [];
  }

  request(method, headers, body, expected) {
    return new Promise((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: this.port, path: '/acp', method, headers, agent: postAgent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => { text += c; });
        res.on('end', () => {
          if (res.statusCode !== expected) {
            this.errors.add(`HTTP ${res.statusCode}`, `${method} ${body || ''}: ${text}`);
            reject(new Error(`HTTP ${res.statusCode}`));
          }
          else resolve({ res, text });
        });
      });
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error('request timeout')));
      req.once('error', (error) => { this.errors.add(`${method} failed`, error.message); reject(error); });
      req.end(body);
    });
  }

  // an event stream on a socket of its own; every `data:` line is a message
  stream(sessionId) {
    return new Promise((resolve, reject) => {
      const headers = { Accept: 'text/event-stream', 'Acp-Connection-Id': this.connectionId };
      if (sessionId) headers['Acp-Session-Id'] = sessionId;
      const req = http.request({ host: '127.0.0.1', port: this.port, path: '/acp', method: 'GET', headers, agent: false }, (res) => {
        if (res.statusCode !== 200) {
          this.errors.add(`GET HTTP ${res.statusCode}`, sessionId || 'connection stream');
          res.resume();
          reject(new Error(`GET ${res.statusCode}`));
          return;
        }
        let buffered = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          buffered += chunk;
          let start = 0;
          let end;
          while ((end = buffered.indexOf('\n\n', start)) >= 0) {
            const event = buffered.slice(start, end);
            start = end + 2;
            for (const line of event.split('\n')) if (line.startsWith('data:')) this.onMessage(JSON.parse(line.slice(5)));
          }
          buffered = buffered.slice(start);
        });
        const ended = new Promise((r) => res.once('close', r));
        ended.then(() => this.dropped(`event stream ${sessionId || 'of the connection'} ended by the server`));
        this.streams.push({ req, ended });
        resolve();
      });
      req.once('error', (error) => { if (!this.closing) { this.errors.add('GET failed', error.message); this.dropped(error.message); } reject(error); });
      req.end();
    });
  }

  async open() {}

  async call(message) {
    if (this.gone) throw new Error('dropped');
    const body = JSON.stringify(message);
    if (message.method === 'initialize') {
      const { res, text } = await this.request('POST', { 'Content-Type': 'application/json' }, body, 200);
      this.connectionId = res.headers['acp-connection-id'];
      await this.stream();
      const answer = JSON.parse(text);
      if (answer.error) { this.errors.add('JSON-RPC error', text); throw new Error('initialize failed'); }
      return answer.result;
    }
    const headers = { 'Content-Type': 'application/json', 'Acp-Connection-Id': this.connectionId };
    if (message.params?.sessionId) headers['Acp-Session-Id'] = message.params.sessionId;
    const answer = this.expect(message.id, message.method);
    try {
      await this.request('POST', headers, body, 202);
    }
    catch (error) {
      answer.catch(() => {});
      const waiter = this.pending.get(message.id);
      if (waiter) { clearTimeout(waiter.timer); this.pending.delete(message.id); }
      throw error;
    }
    return answer;
  }

  openSession() {
    return this.stream(this.sessionId);
  }

  async close() {
    this.closing = true;
    try {
      await this.request('DELETE', { 'Acp-Connection-Id': this.connectionId }, undefined, 202);
    }
    catch {
      this.streams.forEach((s) => s.req.destroy());
      return;
    }
    const timeout = sleep(REQUEST_TIMEOUT_MS).then(() => 'timeout');
    if (await Promise.race([Promise.all(this.streams.map((s) => s.ended)), timeout]) === 'timeout') {
      this.errors.add('close', 'event streams still open 60 s after DELETE');
      this.streams.forEach((s) => s.req.destroy());
    }
  }
}

// runs `work` for each item, `limit` at once
async function pool(items, limit, work) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  }));
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
}

// turns at `rate`/s for `duration` s, each on a random connection of `live` with no turn in flight (16 tries, else
// the turn is counted as skipped); latencies sorted
async function turnsAtRate(live, duration) {
  const latencies = [];
  let sent = 0;
  let skipped = 0;
  const inFlight = new Set();
  const started = now();
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const elapsed = now() - started;
      if (elapsed >= duration * 1000) { clearInterval(timer); resolve(); return; }
      const due = Math.floor(elapsed / 1000 * rate);
      while (sent < due) {
        sent++;
        let peer;
        for (let attempt = 0; attempt < 16 && live.length; attempt++) {
          const candidate = live[Math.floor(Math.random() * live.length)];
          if (!candidate.busy && !candidate.gone) { peer = candidate; break; }
        }
        if (!peer) { skipped++; continue; }
        const turn = peer.turn().then((ms) => { latencies.push(ms); }, () => {}).finally(() => inFlight.delete(turn));
        inFlight.add(turn);
      }
    }, 2);
  });
  const sendSeconds = (now() - started) / 1000;
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  return { sent, skipped, latencies, sendSeconds, loadSeconds: (now() - started) / 1000 };
}

// ------------------------------------------------------------------------------------------------------------- run
async function runServer(kind) {
  const port = await freePort();
  const server = startServer(kind, port);
  const errors = new Errors();
  const newPeer = () => (mode === 'ws' ? new WsPeer(errors, port) : new HttpPeer(errors, port));
  const phase = () => { if (mode === 'http') freshPostAgent(); };
  const result = { server: kind, command: server.command, loadAverageAtStart: loadavg()[0] };
  try {
    await waitForPort(server);
    // warm-up: its errors are counted too (a server that fails then fails the run)
    const warm = Array.from({ length: warmup }, newPeer);
    phase();
    await pool(warm, batch, async (peer) => {
      try { await peer.open(); await peer.setup(); }
      catch { peer.failed = true; }
    });
    await turnsAtRate(warm.filter((p) => !p.failed && !p.gone), warmupSeconds);
    phase();
    await pool(warm.filter((p) => !p.failed), batch, (peer) => peer.close().catch(() => {}));
    await sleep(2000);
    result.idle = await figures(server, false);

    const peers = Array.from({ length: count }, newPeer);
    phase();
    const setupLatencies = [];
    let connectStarted = now();
    await pool(peers, batch, async (peer) => {
      const started = now();
      try { await peer.open(); await peer.setup(); setupLatencies.push(now() - started); }
      catch { peer.failed = true; }
    });
    result.connectAllSeconds = (now() - connectStarted) / 1000;
    setupLatencies.sort((a, b) => a - b);
    result.setupMs = { p50: percentile(setupLatencies, 0.5), p99: percentile(setupLatencies, 0.99) };
    result.connected = peers.filter((p) => !p.failed && !p.gone).length;

    await sleep(hold * 1000);
    result.peak = await figures(server, true);
    if (process.env.HISTO && kind === 'ours') result.histogramAtPeak = jcmd(server, 'GC.class_histogram').split('\n').slice(0, 3 + Number(process.env.HISTO)).join('\n');
    result.stillOpenAfterHold = peers.filter((p) => !p.failed && !p.gone).length;

    const live = peers.filter((p) => !p.failed && !p.gone);
    phase();
    const clientCpu = process.cpuUsage();
    const serverCpu = cpuSeconds(server.child.pid);
    const { sent, skipped, latencies, sendSeconds, loadSeconds } = await turnsAtRate(live, seconds);
    const cpu = process.cpuUsage(clientCpu);
    latencies.sort((a, b) => a - b);
    result.load = {
      sent, skipped, answered: latencies.length, turnsPerSecond: latencies.length / sendSeconds,
      p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), max: latencies[latencies.length - 1],
      clientCores: (cpu.user + cpu.system) / 1e6 / loadSeconds,
      serverCores: (cpuSeconds(server.child.pid) - serverCpu) / loadSeconds,
    };
    const afterLoad = procStatus(server.child.pid);
    result.afterLoad = { rssMiB: afterLoad.rssMiB, hwmMiB: afterLoad.hwmMiB, threads: afterLoad.threads };

    phase();
    const closeStarted = now();
    await pool(peers.filter((p) => !p.failed), batch, (peer) => peer.close().catch(() => {}));
    result.closeAllSeconds = (now() - closeStarted) / 1000;
    postAgent?.destroy();
    await sleep(3000);
    result.afterClose = await figures(server, true);
    result.peakThreads = server.peakThreads;
  }
  finally {
    result.exit = await stopServer(server);
  }
  result.errors = { total: errors.total, byKind: errors.byKind, first: errors.first };
  if (errors.total) result.serverStderrTail = server.stderrTail.slice(-1500);
  result.rssPerConnectionKiB = (result.peak.rssMiB - result.idle.rssMiB) * 1024 / count;
  result.heapPerConnectionKiB = (result.peak.heapMiB - result.idle.heapMiB) * 1024 / count;
  result.loadAverageAtEnd = loadavg()[0];
  return result;
}

const fixed = (v, d = 1) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');
function printServer(r) {
  console.log(`\n== ${r.server}: ${r.command}`);
  console.log(`load average ${r.loadAverageAtStart.toFixed(2)} at start, ${r.loadAverageAtEnd.toFixed(2)} at end`);
  console.log(`errors ${r.errors.total} ${JSON.stringify(r.errors.byKind)}${r.errors.first.length ? '\n  ' + r.errors.first.join('\n  ') : ''}`);
  console.log(`connections set up ${r.connected}/${count}, still open after ${hold} s idle ${r.stillOpenAfterHold}; `
    + `connect time for all ${fixed(r.connectAllSeconds, 2)} s (${batch} at once; one connection's setup p50 `
    + `${fixed(r.setupMs.p50)} / p99 ${fixed(r.setupMs.p99)} ms); close all ${fixed(r.closeAllSeconds, 2)} s`);
  console.log(`RSS after GC idle ${fixed(r.idle.rssMiB)} / at peak ${fixed(r.peak.rssMiB)} / after close ${fixed(r.afterClose.rssMiB)} MiB `
    + `(before GC ${fixed(r.idle.rssBeforeGcMiB)} / ${fixed(r.peak.rssBeforeGcMiB)} / ${fixed(r.afterClose.rssBeforeGcMiB)}); `
    + `per connection ${fixed(r.rssPerConnectionKiB)} KiB; after the turns ${fixed(r.afterLoad.rssMiB)} (VmHWM ${fixed(r.afterLoad.hwmMiB)})`);
  console.log(`heap after GC idle ${fixed(r.idle.heapMiB)} / at peak ${fixed(r.peak.heapMiB)} / after close ${fixed(r.afterClose.heapMiB)} MiB; `
    + `per connection ${fixed(r.heapPerConnectionKiB)} KiB`);
  console.log(`threads idle ${r.idle.threads} / at peak ${r.peak.threads} / after the turns ${r.afterLoad.threads} / after close `
    + `${r.afterClose.threads}; most sampled (every 100 ms) ${r.peakThreads}`);
  if (r.histogramAtPeak) console.log(`class histogram at peak (after GC):\n${r.histogramAtPeak}`);
  if (r.peak.threadNames) console.log(`JVM threads at peak by name: ${Object.entries(r.peak.threadNames).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  const l = r.load;
  console.log(`turns: ${l.sent} due at ${rate}/s over ${seconds} s, ${l.answered} answered (${fixed(l.turnsPerSecond, 0)}/s), ${l.skipped} `
    + `skipped (no idle connection found); latency p50 ${fixed(l.p50, 2)} / p99 ${fixed(l.p99, 2)} / max ${fixed(l.max, 1)} ms; `
    + `CPU cores: client ${fixed(l.clientCores, 2)}, server ${fixed(l.serverCores, 2)}`);
  console.log(`exit after SIGTERM: ${JSON.stringify(r.exit)}`);
}

const results = [];
const started = new Date().toISOString();
console.log(`scale ${mode}: ${count} connections, ${rate} turns/s for ${seconds} s, ${batch} at once, hold ${hold} s, `
  + `warm-up ${warmup}; ${started}; load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
for (const kind of servers) {
  const r = await runServer(kind);
  printServer(r);
  results.push(r);
}

const ours = results.find((r) => r.server === 'ours');
const ts = results.find((r) => r.server === 'ts');
const rows = [
  ['errors', (r) => r.errors.total, 0],
  ['connect time for all, s', (r) => r.connectAllSeconds, 2],
  ['RSS after GC idle / at peak / after close, MiB', (r) => [r.idle.rssMiB, r.peak.rssMiB, r.afterClose.rssMiB], 0],
  ['RSS per connection (peak − idle), KiB', (r) => r.rssPerConnectionKiB, 1],
  ['heap after GC at peak / after close, MiB', (r) => [r.peak.heapMiB, r.afterClose.heapMiB], 1],
  ['threads at peak (most sampled)', (r) => [r.peak.threads, r.peakThreads], 0],
  [`turn p50 / p99 at ${rate}/s, ms`, (r) => [r.load.p50, r.load.p99], 2],
  ['CPU cores during the turns: server / client', (r) => [r.load.serverCores, r.load.clientCores], 2],
];
const cell = (value, digits) => (Array.isArray(value) ? value.map((v) => fixed(v, digits)).join(' / ') : fixed(value, digits));
const ratio = (a, b) => {
  const x = Array.isArray(a) ? a : [a];
  const y = Array.isArray(b) ? b : [b];
  return x.map((v, i) => (Number.isFinite(v) && Number.isFinite(y[i]) && y[i] !== 0 ? (v / y[i]).toFixed(2) + 'x' : 'n/a')).join(' / ');
};
console.log(`\n${count} ${mode === 'ws' ? 'WebSocket' : 'Streamable HTTP'} connections, ${rate} turns/s for ${seconds} s `
  + `(${started.slice(0, 16)} UTC, load average ${results.map((r) => r.loadAverageAtStart.toFixed(1)).join(' / ')} at each server's start)\n`);
console.log(`| | ${results.map((r) => (r.server === 'ours' ? 'ours' : 'TS SDK 2.4 AcpServer')).join(' | ')} |${ours && ts ? ' ours / TS |' : ''}`);
console.log(`|---|${results.map(() => '---|').join('')}${ours && ts ? '---|' : ''}`);
for (const [name, get, digits] of rows) {
  console.log(`| ${name} | ${results.map((r) => cell(get(r), digits)).join(' | ')} |${ours && ts ? ` ${ratio(get(ours), get(ts))} |` : ''}`);
}
const slim = (r) => ({ server: r.server, errors: r.errors.total, errorKinds: r.errors.byKind, connectAllSeconds: r.connectAllSeconds,
  setupMs: r.setupMs, rssMiB: { idle: r.idle.rssMiB, peak: r.peak.rssMiB, peakBeforeGc: r.peak.rssBeforeGcMiB, afterLoad: r.afterLoad.rssMiB, hwm: r.afterLoad.hwmMiB, afterClose: r.afterClose.rssMiB },
  rssPerConnectionKiB: r.rssPerConnectionKiB, heapAfterGcMiB: { idle: r.idle.heapMiB, peak: r.peak.heapMiB, afterClose: r.afterClose.heapMiB },
  threads: { idle: r.idle.threads, peak: r.peak.threads, mostSampled: r.peakThreads, afterClose: r.afterClose.threads },
  jvmThreadsAtPeak: r.peak.threadNames, turns: r.load, closeAllSeconds: r.closeAllSeconds, loadAverage: [r.loadAverageAtStart, r.loadAverageAtEnd] });
console.log('\n' + JSON.stringify({ bench: 'scale', mode, count, rate, seconds, batch, hold, warmup, javaOpts, extra, date: started, results: results.map(slim) }));
process.exit(results.every((r) => r.errors.total === 0) ? 0 : 1);
