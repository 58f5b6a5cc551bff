// Pipelined throughput and latency of an ACP agent over stdio, WebSocket or Streamable HTTP.
//
//   node bench/throughput.mjs [options] [N] [W] -- <command> [args...]
//
// Echo mode (default): N `_demo.acp/echo` requests (160-byte params) with at most W in flight.
// Prompt mode (--prompt): S sessions from `session/new`, then N `session/prompt` turns with at most W in flight;
// each turn must answer `stopReason: end_turn` after exactly one `session/update` for its session.
//
// Options:
//   --prompt        prompt turns instead of echoes
//   --sessions=S    prompt mode: sessions the turns go to (default W). Each in-flight slot keeps its session, so
//                   with S >= W a session never has two turns in flight; with S < W turns queue on a session
//   --ws            WebSocket: `{port}` in the command is replaced by a free port and the client connects to
//                   ws://127.0.0.1:<port>/acp (one connection); the `ws` package comes from bench/reference/ts-agent
//   --http          Streamable HTTP: as --ws, the client POSTs each message to http://127.0.0.1:<port>/acp (HTTP/1.1
//                   keep-alive, up to W sockets) and reads the connection's event stream and one per session
//   --warmup=K      K requests (or turns) with the same window before measuring (default 2000)
// Default command: java -jar demo-app/target/acp-demo.jar
//
// The client must cost little, or it measures itself: requests are built from pre-serialized templates and
// answers are read only as far as their id (and, in prompt mode, the stop reason or error code and the session
// of each update). Peak RSS is VmHWM of /proc/<agent pid>/status after the run. CPU time per request of the
// agent (utime + stime of /proc/<agent pid>/stat over the measured phase) and of this client tell, on a shared
// machine, what the agent costs more steadily than requests/s, and whether the client is the bottleneck.
// The last line is `result {json}` for bench/compare.sh. Exit code 1 when an answer failed a check.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';

const args = process.argv.slice(2);
const separator = args.indexOf('--');
const head = separator >= 0 ? args.slice(0, separator) : args;
const option = (name) => head.find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
const optionValue = (name, fallback) => {
  const found = option(name);
  return found && found.includes('=') ? Number(found.slice(found.indexOf('=') + 1)) : fallback;
};
const numbers = head.filter((a) => !a.startsWith('--')).map(Number);
const total = numbers[0] || 100000;
const window = numbers[1] || 64;
const promptMode = Boolean(option('prompt'));
const overWebSocket = Boolean(option('ws'));
const overHttp = Boolean(option('http'));
const warmup = optionValue('warmup', 2000);
const sessionCount = optionValue('sessions', window);
let command = separator >= 0 ? args.slice(separator + 1) : ['java', '-jar', 'demo-app/target/acp-demo.jar'];

const echoPayload = JSON.stringify({ text: 'x'.repeat(100), n: 42, nested: { list: [1, 2, 3], flag: true } });
const promptText = 'Tell me about the weather in the benchmark, briefly.';
const requestHead = '{"jsonrpc":"2.0","id":';
const echoTail = ',"method":"_demo.acp/echo","params":' + echoPayload + '}';
const promptTail = (sessionId) => ',"method":"session/prompt","params":{"sessionId":' + JSON.stringify(sessionId)
  + ',"prompt":[{"type":"text","text":' + JSON.stringify(promptText) + '}]}}';

function responseId(line) {
  const at = line.indexOf('"id":');
  if (at < 0) return undefined;
  let end = at + 5;
  while (end < line.length && line[end] !== ',' && line[end] !== '}') end++;
  return Number(line.slice(at + 5, end));
}

function errorCode(line) {
  const at = line.indexOf('"error":{');
  if (at < 0) return undefined;
  const match = /"code":(-?\d+)/.exec(line.slice(at, at + 200));
  return match ? match[1] : 'unknown';
}

function procStatus(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const mib = (key) => Number((new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(text) || [])[1]) / 1024;
    return { VmHWM: mib('VmHWM'), VmRSS: mib('VmRSS') };
  }
  catch {
    return {};
  }
}

// CPU time (user + system) of a process in ms, from /proc/<pid>/stat (clock ticks of 10 ms)
function cpuMillis(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  }
  catch {
    return NaN;
  }
}

async function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// An agent that exits before the run closes it (a missing jar, missing node_modules) fails the run at once.
let closing = false;
function failOnEarlyExit(child) {
  child.on('exit', (code, signal) => {
    if (closing) return;
    console.log(`the agent exited (${signal ?? `code ${code}`}) before the run ended; run its command alone to see why`);
    console.log(`result ${JSON.stringify({ failed: 'exited' })}`);
    process.exit(1);
  });
}

// A transport is { write(messages: string[]), onMessage(callback), close(), child }.
async function stdioTransport() {
  const child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'ignore'] });
  failOnEarlyExit(child);
  child.stdin.on('error', () => {}); // a write to an agent that exited: its exit is reported above
  let callback;
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    let start = 0;
    let newline;
    while ((newline = buffered.indexOf('\n', start)) >= 0) {
      callback(buffered.slice(start, newline));
      start = newline + 1;
    }
    buffered = buffered.slice(start);
    callback(undefined);
  });
  return {
    child,
    write: (messages) => child.stdin.write(messages.join('\n') + '\n'),
    onMessage: (cb) => { callback = cb; },
    close: async () => {
      closing = true;
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
}

async function webSocketTransport() {
  const require = createRequire(new URL('./reference/ts-agent/package.json', import.meta.url));
  const WebSocket = require('ws');
  const port = await freePort();
  command = command.map((a) => a.replaceAll('{port}', String(port)));
  const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'ignore', 'ignore'] });
  failOnEarlyExit(child);
  const url = `ws://127.0.0.1:${port}/acp`;
  const open = () => new Promise((resolve, reject) => {
    // no permessage-deflate: compressing 200-byte frames would measure zlib on both sides
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
  let socket;
  for (let attempt = 0; ; attempt++) {
    try { socket = await open(); break; }
    catch (error) {
      if (attempt > 600 || child.exitCode !== null) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  let callback;
  socket.on('message', (data) => { callback(data.toString()); callback(undefined); });
  return {
    child,
    write: (messages) => {
      socket._socket.cork();
      for (const message of messages) socket.send(message);
      socket._socket.uncork();
    },
    onMessage: (cb) => { callback = cb; },
    close: async () => {
      closing = true;
      socket.close();
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// Streamable HTTP: initialize is POSTed without Acp-Connection-Id and answered in the body; every later message is
// a POST (202) whose answer comes on an event stream: the connection's, or the session's for messages with
// params.sessionId. A session's stream is opened when session/new is answered, before that answer is delivered.
async function httpTransport() {
  const http = await import('node:http');
  const port = await freePort();
  command = command.map((a) => a.replaceAll('{port}', String(port)));
  const child = spawn(command[0], command.slice(1), { stdio: ['ignore', 'ignore', 'ignore'] });
  failOnEarlyExit(child);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(window, 1) });
  const streams = [];
  let callback;
  let connectionId;
  const request = (method, headers, body) => new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/acp', method, headers, agent }, resolve);
    req.once('error', reject);
    req.end(body);
  });
  const readBody = (response) => new Promise((resolve) => {
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk) => { text += chunk; });
    response.on('end', () => resolve(text));
  });
  const openStream = (sessionId) => new Promise((resolve, reject) => {
    const headers = { Accept: 'text/event-stream', 'Acp-Connection-Id': connectionId };
    if (sessionId) headers['Acp-Session-Id'] = sessionId;
    const req = http.request({ host: '127.0.0.1', port, path: '/acp', method: 'GET', headers }, (response) => {
      if (response.statusCode !== 200) { reject(new Error(`GET stream: HTTP ${response.statusCode}`)); return; }
      streams.push(req);
      let buffered = '';
      const pending = [];
      let delivering = Promise.resolve();
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        buffered += chunk;
        let start = 0;
        let end;
        while ((end = buffered.indexOf('\n\n', start)) >= 0) {
          const event = buffered.slice(start, end);
          start = end + 2;
          if (event.startsWith('data: ')) pending.push(event.slice(6));
        }
        buffered = buffered.slice(start);
        const lines = pending.splice(0);
        delivering = delivering.then(async () => {
          for (const line of lines) {
            const created = line.includes('"result":{"sessionId":"') ? JSON.parse(line).result.sessionId : undefined;
            if (created) await openStream(created);
            callback(line);
          }
          callback(undefined);
        });
      });
      resolve();
    });
    req.once('error', (error) => { if (!closing) reject(error); });
    req.end();
  });
  const post = async (message) => {
    const headers = { 'Content-Type': 'application/json' };
    if (connectionId) headers['Acp-Connection-Id'] = connectionId;
    const at = message.indexOf('"sessionId":"');
    if (at >= 0) headers['Acp-Session-Id'] = message.slice(at + 13, message.indexOf('"', at + 13));
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await request('POST', headers, message);
        const body = await readBody(response);
        if (!connectionId) {
          connectionId = response.headers['acp-connection-id'];
          if (!connectionId) throw new Error(`initialize: HTTP ${response.statusCode} without Acp-Connection-Id`);
          await openStream();
          callback(body);
          callback(undefined);
        }
        else if (response.statusCode !== 202) {
          console.log(`POST answered HTTP ${response.statusCode}: ${body.slice(0, 200)}`);
        }
        return;
      }
      catch (error) {
        // the agent may still be starting: only the first POST (initialize) is retried
        if (connectionId || attempt > 600 || child.exitCode !== null) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  let chain = Promise.resolve();
  return {
    child,
    // initialize must be answered before anything else is sent; later POSTs go out at once
    write: (messages) => {
      for (const message of messages) {
        if (!connectionId) chain = chain.then(() => post(message));
        else chain.then(() => post(message)).catch((error) => console.log(`POST failed: ${error.message}`));
      }
    },
    onMessage: (cb) => { callback = cb; },
    close: async () => {
      closing = true;
      await request('DELETE', { 'Acp-Connection-Id': connectionId }).then(readBody).catch(() => {});
      for (const stream of streams) stream.destroy();
      agent.destroy();
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const transport = overHttp ? await httpTransport() : overWebSocket ? await webSocketTransport() : await stdioTransport();

// Setup calls (initialize, session/new) use ids <= 0 and are parsed in full; measured ones use ids from 1.
const setupCalls = new Map();
let nextSetupId = 0;
function call(method, params) {
  const id = nextSetupId--;
  return new Promise((resolve, reject) => {
    setupCalls.set(id, { resolve, reject });
    transport.write([JSON.stringify({ jsonrpc: '2.0', id, method, params })]);
  });
}

const sessionIds = [];
const sessionIndex = new Map();
const updatesPerSession = [];
const okPerSession = [];
let lastProgress = performance.now();

let phase;
transport.onMessage((line) => {
  if (line === undefined) {
    phase?.fill();
    return;
  }
  lastProgress = performance.now();
  const id = responseId(line);
  if (id === undefined) {
    if (phase && line.includes('"method":"session/update"')) {
      const at = line.indexOf('"sessionId":"') + 13;
      const session = sessionIndex.get(line.slice(at, line.indexOf('"', at)));
      if (session === undefined || !line.includes(promptText)) phase.badUpdates++;
      else updatesPerSession[session]++;
      phase.updates++;
    }
    return;
  }
  if (id <= 0) {
    const pending = setupCalls.get(id);
    if (!pending) return;
    setupCalls.delete(id);
    const message = JSON.parse(line);
    if (message.error) pending.reject(new Error(line));
    else pending.resolve(message.result);
    return;
  }
  phase?.answer(id, line);
});

class Phase {
  constructor(firstId, count) {
    this.firstId = firstId;
    this.lastId = firstId + count - 1;
    this.count = count;
    this.nextId = firstId;
    this.inFlight = 0;
    this.answered = 0;
    this.ok = 0;
    this.updates = 0;
    this.badUpdates = 0;
    this.outOfOrder = 0;
    this.wrongAnswers = 0;
    this.errors = new Map();
    this.firstErrors = new Map();
    this.sentAt = new Float64Array(count);
    this.latencies = new Float64Array(count);
    this.slotOf = promptMode ? new Int32Array(count) : undefined;
    this.freeSlots = promptMode ? Array.from({ length: window }, (_, slot) => slot) : undefined;
    this.done = new Promise((resolve) => { this.resolve = resolve; });
  }

  fill() {
    const batch = [];
    while (this.nextId <= this.lastId && this.inFlight < window) {
      const id = this.nextId++;
      const index = id - this.firstId;
      this.inFlight++;
      this.sentAt[index] = performance.now();
      if (promptMode) {
        const slot = this.freeSlots.pop();
        this.slotOf[index] = slot;
        batch.push(requestHead + id + promptTails[slot % sessionIds.length]);
      }
      else {
        batch.push(requestHead + id + echoTail);
      }
    }
    if (batch.length) transport.write(batch);
  }

  answer(id, line) {
    if (id < this.firstId || id > this.lastId) return;
    const index = id - this.firstId;
    this.inFlight--;
    this.answered++;
    this.latencies[index] = performance.now() - this.sentAt[index];
    const code = errorCode(line);
    if (code !== undefined) {
      this.errors.set(code, (this.errors.get(code) || 0) + 1);
      if (!this.firstErrors.has(code)) this.firstErrors.set(code, line.slice(0, 500));
    }
    else if (promptMode) {
      const slot = this.slotOf[index];
      const session = slot % sessionIds.length;
      if (!line.includes('"stopReason":"end_turn"')) this.wrongAnswers++;
      else {
        this.ok++;
        if (updatesPerSession[session] < ++okPerSession[session]) this.outOfOrder++;
      }
    }
    else {
      this.ok++;
    }
    if (promptMode) this.freeSlots.push(this.slotOf[index]);
    if (this.answered === this.count) this.resolve();
  }

  async run() {
    phase = this;
    const started = performance.now();
    const agentCpu = cpuMillis(transport.child.pid);
    const clientCpu = process.cpuUsage();
    this.fill();
    await this.done;
    this.seconds = (performance.now() - started) / 1000;
    this.agentCpuSeconds = (cpuMillis(transport.child.pid) - agentCpu) / 1000;
    const client = process.cpuUsage(clientCpu);
    this.clientCpuSeconds = (client.user + client.system) / 1e6;
    phase = undefined;
    return this;
  }
}

// A stalled agent fails the run instead of hanging it: 30 s without an answer while measuring, 180 s while
// starting (a JVM on a loaded 2-core machine may take that long).
const watchdog = setInterval(() => {
  if (performance.now() - lastProgress > (phase ? 30000 : 180000)) {
    console.log(`no answer for ${phase ? 30 : 180} s: ${phase ? `${phase.answered}/${phase.count} answered` : 'during setup'}; giving up`);
    console.log(`result ${JSON.stringify({ failed: 'stalled' })}`);
    transport.child.kill('SIGKILL');
    process.exit(1);
  }
}, 1000);

await call('initialize', { protocolVersion: 1, clientCapabilities: {} });
let promptTails;
if (promptMode) {
  for (let i = 0; i < sessionCount; i++) {
    const { sessionId } = await call('session/new', { cwd: '/tmp', mcpServers: [] });
    sessionIndex.set(sessionId, sessionIds.length);
    sessionIds.push(sessionId);
    updatesPerSession.push(0);
    okPerSession.push(0);
  }
  promptTails = sessionIds.map(promptTail);
}
let firstId = 1;
if (warmup > 0) {
  await new Phase(firstId, warmup).run();
  firstId += warmup;
}
const measured = await new Phase(firstId, total).run();
const status = procStatus(transport.child.pid);
clearInterval(watchdog);
await transport.close();

const latencies = measured.latencies.sort();
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
const errors = Object.fromEntries(measured.errors);
const failures = measured.count - measured.ok;
const what = promptMode ? 'turns' : 'requests';
console.log(`command: ${command.join(' ')}`);
console.log(`${overHttp ? 'http' : overWebSocket ? 'websocket' : 'stdio'} ${promptMode ? `session/prompt over ${sessionIds.length} sessions` : '_demo.acp/echo'}: `
  + `${total} ${what}, window ${window}, after ${warmup} warm-up ${what}`);
if (failures > 0) {
  console.log(`FAILED ${failures}: errors ${JSON.stringify(errors)}, other answers ${measured.wrongAnswers}`);
  for (const line of measured.firstErrors.values()) console.log(`  first: ${line}`);
}
if (promptMode) {
  console.log(`session/update received: ${measured.updates} (bad ${measured.badUpdates}); `
    + `turns answered before their update: ${measured.outOfOrder}`);
}
console.log(`throughput: ${(measured.ok / measured.seconds).toFixed(0)} ${what}/s answered correctly`
  + (failures > 0 ? ` (${(measured.answered / measured.seconds).toFixed(0)} answers/s in all)` : ''));
console.log(`latency (ms): p50 ${pct(0.5).toFixed(2)}  p99 ${pct(0.99).toFixed(2)}  p99.9 ${pct(0.999).toFixed(2)}  max ${pct(1).toFixed(2)}`);
const perOp = (seconds) => (seconds * 1e6) / measured.count;
console.log(`CPU time per ${what.slice(0, -1)} (us): agent ${perOp(measured.agentCpuSeconds).toFixed(1)}, `
  + `this client ${perOp(measured.clientCpuSeconds).toFixed(1)} `
  + `(agent busy ${(measured.agentCpuSeconds / measured.seconds).toFixed(2)} cores, `
  + `client ${(measured.clientCpuSeconds / measured.seconds).toFixed(2)} cores)`);
console.log(`peak RSS (VmHWM) after the run: ${status.VmHWM?.toFixed(0)} MiB`);
console.log(`result ${JSON.stringify({
  mode: promptMode ? 'prompt' : 'echo', transport: overHttp ? 'http' : overWebSocket ? 'ws' : 'stdio', window, total, ok: measured.ok,
  errors, rate: measured.ok / measured.seconds, p50: pct(0.5), p99: pct(0.99), p999: pct(0.999), max: pct(1),
  updates: measured.updates, outOfOrder: measured.outOfOrder, peakRssMiB: status.VmHWM,
  agentCpuUs: perOp(measured.agentCpuSeconds), clientCpuUs: perOp(measured.clientCpuSeconds),
})}`);
process.exit(failures > 0 || measured.badUpdates > 0 || measured.outOfOrder > 0 ? 1 : 0);
