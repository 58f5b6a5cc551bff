// Load and lifecycle figures of the demo agent, with correctness checks (exit code 1 on any lost, duplicated,
// unmatched or failed answer).
//
//   node bench/load.mjs stdio [N=1000000] [W=256]          N pipelined echoes over stdio, W in flight
//   node bench/load.mjs ws [N=200000] [C=100] [W=16]       N echoes spread over C WebSocket connections, W in flight each
//   node bench/load.mjs flood [N=20000] [answerMs=-1]      N `buffers` prompts (one session each) whose handler calls
//                                                          the client, then one echo; the client answers the calls
//                                                          after answerMs (-1: never; stdin is then closed and the
//                                                          drain answers what is left)
//
// Extra JVM flags come from JAVA_OPTS; the agent always runs with -Xlog:disable -Xlog:all=warning:stderr
// -Xlog:gc:stderr (JVM logs on standard output would corrupt the stdio stream), so that the peak heap in use
// (the largest heap before a collection) is read from the GC log. Peak RSS is VmHWM and threads are Threads of
// /proc/<pid>/status (threads sampled every 100 ms).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import { eachLine } from './lib/lines.mjs';

const [mode = 'stdio', ...rest] = process.argv.slice(2);
const numbers = rest.map(Number);
const jar = process.env.ACP_DEMO_JAR || 'demo-app/target/acp-demo.jar';
const javaOpts = (process.env.JAVA_OPTS || '').split(/\s+/).filter(Boolean);

function startAgent(agentArgs) {
  const args = [...javaOpts, '-Xlog:disable', '-Xlog:all=warning:stderr', '-Xlog:gc:stderr', '-jar', jar, ...agentArgs];
  const child = spawn('java', args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const agent = { child, peakHeap: 0, peakCommitted: 0, peakThreads: 0, stderrTail: '' };
  eachLine(child.stderr, (line) => {
    const gc = /(\d+)([KMG])->\d+[KMG]\((\d+)([KMG])\)/.exec(line);
    if (gc) {
      agent.peakHeap = Math.max(agent.peakHeap, toMiB(gc[1], gc[2]));
      agent.peakCommitted = Math.max(agent.peakCommitted, toMiB(gc[3], gc[4]));
    }
    else if (!line.includes('[gc')) {
      agent.stderrTail = (agent.stderrTail + line + '\n').slice(-4000);
    }
  });
  agent.sampler = setInterval(() => {
    const status = procStatus(child.pid);
    if (status.Threads) agent.peakThreads = Math.max(agent.peakThreads, status.Threads);
  }, 100);
  agent.exited = new Promise((resolve) => child.on('exit', (code, signal) => {
    clearInterval(agent.sampler);
    resolve({ code, signal, at: performance.now() });
  }));
  agent.command = ['java', ...args].join(' ');
  return agent;
}

function toMiB(value, unit) {
  return Number(value) / { K: 1024, M: 1, G: 1 / 1024 }[unit];
}

function procStatus(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key) => Number((new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text) || [])[1]);
    return { Threads: kb('Threads'), VmHWM: kb('VmHWM') / 1024, VmRSS: kb('VmRSS') / 1024 };
  }
  catch {
    return {};
  }
}

function percentile(values, count, p) {
  const sorted = values.subarray(0, count).sort();
  return sorted[Math.min(count - 1, Math.floor(p * count))].toFixed(2);
}

// Answers are checked by id only (parsing a million echoes would measure the client): each id must come back
// exactly once, without an error.
function responseId(line) {
  const at = line.indexOf('"id":');
  if (at < 0) return undefined;
  let end = at + 5;
  while (end < line.length && line[end] !== ',' && line[end] !== '}') end++;
  return Number(line.slice(at + 5, end));
}

class Tally {
  constructor(total) {
    this.total = total;
    this.seen = new Uint8Array(total + 1);
    this.sentAt = new Float64Array(total + 1);
    this.latencies = new Float64Array(total);
    this.answered = 0;
    this.duplicated = 0;
    this.unmatched = 0;
    this.errors = 0;
    this.firstError = undefined;
  }

  sent(id) {
    this.sentAt[id] = performance.now();
  }

  answer(line) {
    const id = responseId(line);
    if (!(id >= 1 && id <= this.total) || this.sentAt[id] === 0) {
      this.unmatched++;
      return;
    }
    if (this.seen[id]++) {
      this.duplicated++;
      return;
    }
    if (line.includes('"error":{')) {
      this.errors++;
      this.firstError ??= line;
    }
    this.latencies[this.answered++] = performance.now() - this.sentAt[id];
  }

  report(seconds) {
    const lost = this.total - this.answered;
    console.log(`answered ${this.answered}/${this.total}: lost ${lost}, duplicated ${this.duplicated}, `
      + `unmatched ${this.unmatched}, errors ${this.errors}${this.firstError ? ' (first: ' + this.firstError.slice(0, 200) + ')' : ''}`);
    console.log(`throughput: ${(this.answered / seconds).toFixed(0)} requests/s over ${seconds.toFixed(1)} s`);
    if (this.answered > 0) {
      console.log(`latency (ms): p50 ${percentile(this.latencies, this.answered, 0.5)}  `
        + `p99 ${percentile(this.latencies, this.answered, 0.99)}  max ${percentile(this.latencies, this.answered, 1)}`);
    }
    return lost === 0 && this.duplicated === 0 && this.unmatched === 0 && this.errors === 0;
  }
}

const payload = JSON.stringify({ text: 'x'.repeat(100), n: 42, nested: { list: [1, 2, 3], flag: true } });
const echoHead = '{"jsonrpc":"2.0","id":';
const echoTail = ',"method":"_demo.acp/echo","params":' + payload + '}';
const initialize = (id, workspace) => JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: {
  protocolVersion: 1, clientCapabilities: workspace ? { _meta: { 'zed.dev': { workspace: true } } } : {} } });

function lines(stream, onLine) {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffered += chunk;
    let start = 0;
    let newline;
    while ((newline = buffered.indexOf('\n', start)) >= 0) {
      onLine(buffered.slice(start, newline));
      start = newline + 1;
    }
    buffered = buffered.slice(start);
  });
}

function memoryReport(agent, status) {
  console.log(`peak RSS (VmHWM) ${status.VmHWM?.toFixed(0)} MiB, RSS at end ${status.VmRSS?.toFixed(0)} MiB, `
    + `peak heap in use ${agent.peakHeap.toFixed(0)} MiB (committed ${agent.peakCommitted.toFixed(0)} MiB), `
    + `threads at end ${status.Threads}, peak ${agent.peakThreads}`);
}

async function stdioRun() {
  const total = numbers[0] || 1000000;
  const window = numbers[1] || 256;
  const agent = startAgent([]);
  const tally = new Tally(total);
  let nextId = 1;
  let resolveDone;
  let initialized;
  const done = new Promise((resolve) => { resolveDone = resolve; });
  const ready = new Promise((resolve) => { initialized = resolve; });
  const fill = () => {
    let batch = '';
    while (nextId <= total && nextId - 1 - tally.answered - tally.duplicated < window) {
      tally.sent(nextId);
      batch += echoHead + nextId++ + echoTail + '\n';
    }
    if (batch) agent.child.stdin.write(batch);
  };
  lines(agent.child.stdout, (line) => {
    if (line.startsWith('{"jsonrpc":"2.0","id":0,')) { initialized(); return; }
    tally.answer(line);
    if (tally.answered === total) resolveDone();
  });
  agent.child.stdout.on('end', () => resolveDone());
  agent.child.stdout.on('data', () => { if (nextId > 1) fill(); });
  agent.child.stdin.write(initialize(0, false) + '\n');
  await ready;
  const started = performance.now();
  fill();
  await done;
  const seconds = (performance.now() - started) / 1000;
  const status = procStatus(agent.child.pid);
  agent.child.stdin.end();
  const exit = await agent.exited;
  console.log(`command: ${agent.command}`);
  console.log(`stdio: ${total} echoes, ${window} in flight`);
  const ok = tally.report(seconds);
  memoryReport(agent, status);
  console.log(`exit code ${exit.code}`);
  return ok && exit.code === 0;
}

async function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function wsRun() {
  const require = createRequire(new URL('../interop/package.json', import.meta.url));
  const WebSocket = require('ws');
  const total = numbers[0] || 200000;
  const connections = numbers[1] || 100;
  const window = numbers[2] || 16;
  const port = await freePort();
  const agent = startAgent(['--acp.transport=websocket', `--server.port=${port}`, '--server.address=127.0.0.1']);
  agent.child.stdout.resume();
  const url = `ws://127.0.0.1:${port}/acp`;
  const open = () => new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
  for (let attempt = 0; ; attempt++) {
    try { (await open()).close(); break; }
    catch (error) {
      if (attempt > 300) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const tally = new Tally(total);
  const perConnection = Math.ceil(total / connections);
  const sockets = [];
  for (let c = 0; c < connections; c++) {
    const socket = await open();
    await new Promise((resolve) => {
      socket.once('message', resolve);
      socket.send(initialize(0, false));
    });
    sockets.push(socket);
  }
  const started = performance.now();
  await Promise.all(sockets.map((socket, c) => new Promise((resolve) => {
    const first = c * perConnection + 1;
    const last = Math.min(total, first + perConnection - 1);
    let next = first;
    let received = 0;
    const fill = () => {
      while (next <= last && next - first - received < window) {
        tally.sent(next);
        socket.send(echoHead + next++ + echoTail);
      }
    };
    socket.on('message', (data) => {
      tally.answer(data.toString());
      received++;
      if (received === last - first + 1) resolve();
      else fill();
    });
    socket.on('close', resolve);
    fill();
  })));
  const seconds = (performance.now() - started) / 1000;
  const status = procStatus(agent.child.pid);
  sockets.forEach((socket) => socket.close());
  agent.child.kill('SIGTERM');
  const exit = await agent.exited;
  console.log(`command: ${agent.command}`);
  console.log(`websocket: ${total} echoes over ${connections} connections, ${window} in flight each`);
  const ok = tally.report(seconds);
  memoryReport(agent, status);
  console.log(`exit after SIGTERM: code ${exit.code} signal ${exit.signal}`);
  return ok;
}

async function floodRun() {
  const total = numbers[0] || 20000;
  const answerMs = rest.length > 1 ? numbers[1] : -1;
  const drain = '2s';
  const agent = startAgent([`--acp.stdio.drain-timeout=${drain}`]);
  const write = (message) => agent.child.stdin.write(JSON.stringify(message) + '\n');
  const waiting = new Map();
  let clientCalls = 0;
  const outcomes = new Map();
  const outcome = new Map();
  let duplicated = 0;
  let echoSentAt;
  let echoLatency;
  const sessions = [];
  let sessionsCreated;
  let resolveAll;
  const allAnswered = new Promise((resolve) => { resolveAll = resolve; });
  // Most answers are errors: read their id and code without a full parse, so that the client costs little
  const errorAnswer = /^\{"jsonrpc":"2\.0","id":(\d+),"error":\{"code":(-?\d+)/;
  lines(agent.child.stdout, (line) => {
    const error = errorAnswer.exec(line);
    const message = error ? { id: Number(error[1]), error: { code: Number(error[2]) } } : JSON.parse(line);
    if (message.method === '_zed.dev/workspace/buffers') {
      clientCalls++;
      if (answerMs >= 0) {
        setTimeout(() => write({ jsonrpc: '2.0', id: message.id, result: { buffers: [] } }), answerMs);
      }
      return;
    }
    if (message.method !== undefined) return;
    const id = message.id;
    if (typeof id === 'string' && id.startsWith('new-')) {
      if (!message.result) throw new Error('session/new failed: ' + line);
      sessions.push(message.result.sessionId);
      sessionsCreated();
      return;
    }
    if (id === 'echo') { echoLatency = performance.now() - echoSentAt; return; }
    if (typeof id !== 'number' || id < 1 || id > total) return;
    if (outcome.has(id)) { duplicated++; return; }
    const kind = message.error ? `error ${message.error.code}` : `result ${message.result.stopReason}`;
    outcome.set(id, kind);
    outcomes.set(kind, (outcomes.get(kind) || 0) + 1);
    if (outcome.size === total) resolveAll();
  });
  write(JSON.parse(initialize(0, true)));
  // sessions are created 500 at a time: more pipelined session/new would meet the handler bound (-32001)
  for (let first = 0; first < total; first += 500) {
    let batch = '';
    for (let i = first; i < Math.min(total, first + 500); i++) {
      batch += JSON.stringify({ jsonrpc: '2.0', id: `new-${i}`, method: 'session/new', params: { cwd: '/tmp', mcpServers: [] } }) + '\n';
    }
    const created = new Promise((resolve) => { sessionsCreated = () => { if (sessions.length >= Math.min(total, first + 500)) resolve(); }; });
    agent.child.stdin.write(batch);
    await created;
  }
  let batch = '';
  for (let i = 0; i < total; i++) {
    batch += JSON.stringify({ jsonrpc: '2.0', id: i + 1, method: 'session/prompt',
      params: { sessionId: sessions[i], prompt: [{ type: 'text', text: 'buffers' }] } }) + '\n';
  }
  const floodAt = performance.now();
  agent.child.stdin.write(batch);
  echoSentAt = performance.now();
  agent.child.stdin.write(echoHead + '"echo"' + echoTail + '\n');
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const during = procStatus(agent.child.pid);
  const answeredBeforeClose = outcome.size;
  let closedAt;
  if (answerMs >= 0) {
    await allAnswered;
  }
  const beforeClose = procStatus(agent.child.pid);
  closedAt = performance.now();
  agent.child.stdin.end();
  const exit = await agent.exited;
  console.log(`command: ${agent.command}`);
  console.log(`flood: ${total} buffers prompts (one session each), client answers its calls `
    + (answerMs >= 0 ? `after ${answerMs} ms` : 'never') + `, drain timeout ${drain}`);
  console.log(`echo sent right after the flood answered in ${echoLatency?.toFixed(0)} ms`);
  console.log(`client calls received: ${clientCalls}; answered 2 s after the flood: ${answeredBeforeClose}`);
  console.log(`outcomes: ${[...outcomes].map(([kind, count]) => `${kind}: ${count}`).join(', ')}; `
    + `lost ${total - outcome.size}, duplicated ${duplicated}`);
  console.log(`2 s after the flood: threads ${during.Threads}, RSS ${during.VmRSS?.toFixed(0)} MiB; peak threads `
    + `${agent.peakThreads}, peak heap in use ${agent.peakHeap.toFixed(0)} MiB (committed ${agent.peakCommitted.toFixed(0)} MiB)`);
  console.log(`peak RSS (VmHWM) before closing stdin ${beforeClose.VmHWM?.toFixed(0)} MiB`);
  console.log(`exit code ${exit.code} ${((exit.at - closedAt) / 1000).toFixed(1)} s after stdin closed; `
    + `whole flood ${((exit.at - floodAt) / 1000).toFixed(1)} s`);
  return outcome.size === total && duplicated === 0 && echoLatency !== undefined && echoLatency < 1000 && exit.code === 0;
}

const runs = { stdio: stdioRun, ws: wsRun, flood: floodRun };
if (!runs[mode]) {
  console.error(`unknown mode ${mode}: one of ${Object.keys(runs).join(', ')}`);
  process.exit(2);
}
const ok = await runs[mode]();
if (!ok) console.log('FAILED');
process.exit(ok ? 0 : 1);
