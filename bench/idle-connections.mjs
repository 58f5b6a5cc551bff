// Memory and threads the agent keeps per connection, from the demo jar (ACP_DEMO_JAR, default
// demo-app/target/acp-demo.jar; extra JVM flags from JAVA_OPTS, e.g. -Xmx3g):
//
//   node bench/idle-connections.mjs ws [C=1000] [agent args...]     C WebSocket connections opened (50 at a time; the
//                                                                  ws client offers permessage-deflate), each
//                                                                  initialize + one echo, then kept idle
//   BATCH=2000 node bench/idle-connections.mjs http [C=2000]       C Streamable HTTP connections (initialize, then
//                                                                  DELETE; every request on a TCP connection of its
//                                                                  own, BATCH at once), all ended
//
// Before and after: two full GCs (jcmd GC.run), then heap in use (GC.heap_info), RSS and Threads of /proc/<pid>/status,
// instances of Tomcat's Http11Processor, NioChannel and WsSession (GC.class_histogram), acp-http-close and http-nio
// threads (Thread.print); prints one JSON line with the difference per connection. HISTO=1 prints the top of the
// class histogram at the end.
//
// Threads at peak, by pool (THREADS=1, implied by TURNS): while connections open and turns run, Threads of
// /proc/<pid>/status is read every 100 ms (the peak) and jcmd Thread.print every SAMPLE_MS (default 2000; Tomcat's,
// the handler and the ordered pools keep an idle thread 60 s, so a pool's peak stays visible that long), its threads
// grouped by name prefix (digits, and Tomcat's address and port, dropped). Prints one more JSON line: the peak,
// each pool's largest count, the pools of the largest sample, the seconds the connections took to open, the pools
// SETTLE_MS (default 0) after the turns, the load average before and after, and the turns' rate.
//
//   TURNS=1 AT_ONCE=200 BATCH=200 node bench/idle-connections.mjs ws 2000
//   TURNS=1 AT_ONCE=200 BATCH=200 node bench/idle-connections.mjs http 2000
//        opens C connections BATCH at once (http: initialize, then its connection's event stream stays open, no
//        DELETE), then on AT_ONCE connections at a time a session/new and TURNS session/prompt of PROMPT (default
//        "tool": the demo's plan, tool call and session/request_permission, which the bench answers "allow" after
//        THINK_MS, default 200, so a turn holds its handler thread that long, as one waiting for a model would)
import { spawn, execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import http from 'node:http';
import { createRequire } from 'node:module';

const WebSocket = createRequire(new URL('../interop/package.json', import.meta.url))('ws');
const [mode = 'ws', countArg, ...extra] = process.argv.slice(2);
const count = Number(countArg) || (mode === 'ws' ? 1000 : 2000);
const jar = process.env.ACP_DEMO_JAR || 'demo-app/target/acp-demo.jar';
const port = await new Promise((r) => { const s = createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => r(p)); }); });
const javaOpts = (process.env.JAVA_OPTS || '').split(/\s+/).filter(Boolean);
const child = spawn('java', [...javaOpts, '-jar', jar, `--acp.transport=${mode === 'ws' ? 'websocket' : 'http'}`,
  `--server.port=${port}`, '--server.address=127.0.0.1', `--acp.websocket.max-connections=${count + 50}`,
  '--server.tomcat.max-connections=20000', ...extra], { stdio: ['pipe', 'ignore', 'ignore'] });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const status = () => { const t = readFileSync(`/proc/${child.pid}/status`, 'utf8'); const kb = (k) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(t)[1]); return { rss: kb('VmRSS') / 1024, threads: kb('Threads') }; };
const jcmd = (...a) => execFileSync('jcmd', [String(child.pid), ...a], { encoding: 'utf8', maxBuffer: 1 << 26 });
function measure() {
  jcmd('GC.run'); jcmd('GC.run');
  const info = jcmd('GC.heap_info');
  const m = /used (\d+)K/.exec(info);
  const histo = jcmd('GC.class_histogram');
  const inst = (name) => { const l = histo.split('\n').find((x) => x.trim().endsWith(' ' + name)); return l ? Number(l.trim().split(/\s+/)[1]) : 0; };
  if (process.env.HISTO && globalThis.measured) console.log(histo.split('\n').slice(0, 18).join('\n'));
  const s = status();
  const dump = jcmd('Thread.print');
  const named = (p) => (dump.match(new RegExp('^"' + p, 'gm')) || []).length;
  return { heapMiB: Number(m[1]) / 1024, rssMiB: s.rss, threads: s.threads,
    processors: inst('org.apache.coyote.http11.Http11Processor'), nioChannels: inst('org.apache.tomcat.util.net.NioChannel'),
    closeThreads: named('acp-http-close'), execThreads: named('http-nio'), wsSessions: inst('org.apache.tomcat.websocket.WsSession')};
}
const url = `http://127.0.0.1:${port}/acp`;
for (let i = 0; ; i++) {
  try { await fetch(`http://127.0.0.1:${port}/actuator/health`); break; } catch { if (i > 600) throw new Error('no start'); await sleep(100); }
}
await sleep(1000);
const before = measure();
const turns = Number(process.env.TURNS || 0);
const sampling = turns > 0 || !!process.env.THREADS;
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number);
// a thread's pool: its name without its numbers (Tomcat's address and port too), e.g. "http-nio-exec", "acp-handler"
const pool = (name) => name.split('-').filter((part) => !/^[\d.:\[\]]+$/.test(part)).join('-').replace(/\d+$/, '');
const pools = (dump) => {
  const byPool = {};
  for (const m of dump.matchAll(/^"([^"]*)"/gm)) byPool[pool(m[1])] = (byPool[pool(m[1])] || 0) + 1;
  return Object.fromEntries(Object.entries(byPool).sort((a, b) => b[1] - a[1]));
};
const peak = { threads: 0, sampled: 0, poolsAtLargestSample: {}, largestByPool: {}, samples: 0 };
let sampleBusy = false;
const sample = () => {
  if (sampleBusy) return;
  sampleBusy = true;
  execFile('jcmd', [String(child.pid), 'Thread.print'], { encoding: 'utf8', maxBuffer: 1 << 26 }, (err, dump) => {
    sampleBusy = false;
    if (err) return;
    const byPool = pools(dump);
    const total = Object.values(byPool).reduce((a, b) => a + b, 0);
    peak.samples++;
    if (total > peak.sampled) { peak.sampled = total; peak.poolsAtLargestSample = byPool; }
    for (const [k, v] of Object.entries(byPool)) peak.largestByPool[k] = Math.max(peak.largestByPool[k] || 0, v);
  });
};
const timers = sampling ? [setInterval(() => { peak.threads = Math.max(peak.threads, status().threads); }, 100),
  setInterval(sample, Number(process.env.SAMPLE_MS || 2000))] : [];
const loadBefore = loadavg();
const keep = [];
const post = (body, headers = {}) => new Promise((resolve, reject) => {
  const req = http.request(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
    let data = ''; res.on('data', (c) => data += c); res.on('end', () => resolve({ res, data }));
  });
  req.on('error', reject); req.end(body);
});
const del = (id) => new Promise((resolve, reject) => {
  const req = http.request(url, { method: 'DELETE', agent: false, headers: { 'acp-connection-id': id } }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); });
  req.on('error', reject); req.end();
});
const init = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: 1, clientCapabilities: {} } });
const echo = JSON.stringify({ jsonrpc: '2.0', id: 1, method: '_demo.acp/echo', params: { x: 'y'.repeat(200) } });
// A client of turns: sends requests, answers the agent's session/request_permission "allow" after THINK_MS.
const think = Number(process.env.THINK_MS ?? 200);
const promptText = process.env.PROMPT || 'tool';
function peer(send) {
  let next = 10;
  const pending = new Map();
  const onMessage = (m) => {
    if (m.method === 'session/request_permission' && m.id !== undefined) {
      const option = m.params.options.find((o) => o.kind === 'allow_once') || m.params.options[0];
      setTimeout(() => send({ jsonrpc: '2.0', id: m.id, result: { outcome: { outcome: 'selected', optionId: option.optionId } } }, m.params.sessionId), think);
    }
    else if (m.id !== undefined && m.method === undefined && pending.has(m.id)) {
      const p = pending.get(m.id); pending.delete(m.id);
      if (m.error) p.reject(new Error(JSON.stringify(m.error))); else p.resolve(m.result);
    }
  };
  const call = (method, params, sessionId) => new Promise((resolve, reject) => {
    const id = next++;
    pending.set(id, { resolve, reject });
    send({ jsonrpc: '2.0', id, method, params }, sessionId).catch(reject);
  });
  return { onMessage, call };
}
function wsPeer(socket) {
  const p = peer(async (m) => socket.send(JSON.stringify(m)));
  socket.on('message', (data) => p.onMessage(JSON.parse(data.toString())));
  return { close: () => socket.terminate(), call: p.call, openSession: async () => {} };
}
// an event stream (GET) of a Streamable HTTP connection, or of one of its sessions, read until the bench ends
function events(id, sessionId, onMessage) {
  return new Promise((resolve, reject) => {
    const headers = { accept: 'text/event-stream', 'acp-connection-id': id, ...(sessionId ? { 'acp-session-id': sessionId } : {}) };
    const req = http.request(url, { method: 'GET', agent: false, headers }, (res) => {
      if (res.statusCode !== 200) { reject(new Error('GET ' + res.statusCode)); return; }
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer.slice(0, end).split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
          buffer = buffer.slice(end + 2);
          if (data) onMessage(JSON.parse(data));
        }
      });
      res.on('error', () => {});
      resolve(req);
    });
    req.on('error', reject);
    req.end();
  });
}
async function httpPeer(id) {
  const p = peer(async (m, sessionId) => {
    const { res } = await post(JSON.stringify(m), { 'acp-connection-id': id, ...(sessionId ? { 'acp-session-id': sessionId } : {}) });
    if (res.statusCode !== 202) throw new Error('POST ' + res.statusCode);
  });
  const streams = [await events(id, null, p.onMessage)];
  return { close: () => { streams.forEach((r) => r.destroy()); return del(id).catch(() => {}); }, call: p.call,
    openSession: async (sessionId) => { streams.push(await events(id, sessionId, p.onMessage)); } };
}
let negotiated = 0;
const batch = Number(process.env.BATCH || 50);
const openStarted = Date.now();
for (let c = 0; c < count; c += batch) {
  await Promise.all(Array.from({ length: Math.min(batch, count - c) }, async () => {
    if (mode === 'ws') {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/acp`);
      await new Promise((r, j) => { socket.once('open', r); socket.once('error', j); });
      if (socket.extensions) negotiated++;
      for (const m of [init, echo]) await new Promise((r) => { socket.once('message', r); socket.send(m); });
      keep.push(turns > 0 ? wsPeer(socket) : socket);
    } else {
      const { res } = await post(init);
      const id = res.headers['acp-connection-id'];
      if (turns > 0) {
        keep.push(await httpPeer(id));
      }
      else {
        const code = await del(id);
        if (code !== 202) throw new Error('DELETE ' + code);
      }
    }
  }));
}
const openSeconds = (Date.now() - openStarted) / 1000;
let turnsSummary = null;
if (turns > 0) {
  const atOnce = Number(process.env.AT_ONCE || 200);
  const started = Date.now();
  let failed = 0;
  let nextPeer = 0;
  const worker = async () => {
    while (nextPeer < keep.length) {
      const peerOf = keep[nextPeer++];
      try {
        const { sessionId } = await peerOf.call('session/new', { cwd: '/tmp', mcpServers: [] });
        await peerOf.openSession(sessionId);
        for (let t = 0; t < turns; t++) {
          const r = await peerOf.call('session/prompt', { sessionId, prompt: [{ type: 'text', text: promptText }] }, sessionId);
          if (r.stopReason !== 'end_turn') failed++;
        }
      }
      catch (e) { failed++; if (failed < 4) console.error(String(e)); }
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  const seconds = (Date.now() - started) / 1000;
  turnsSummary = { turns: keep.length * turns, atOnce, prompt: promptText, thinkMs: think, failed, seconds, turnsPerSecond: Number((keep.length * turns / seconds).toFixed(1)) };
}
await sleep(2000);
const settle = Number(process.env.SETTLE_MS || 0);
let poolsAfterSettle = null;
if (sampling) {
  await new Promise((r) => { const t = setInterval(() => { if (!sampleBusy) { clearInterval(t); r(); } }, 50); });
  sample();
  await new Promise((r) => { const t = setInterval(() => { if (!sampleBusy) { clearInterval(t); r(); } }, 50); });
  timers.forEach(clearInterval);
  const loadAfter = loadavg();
  if (settle > 0) { await sleep(settle); poolsAfterSettle = pools(jcmd('Thread.print')); }
  console.log(JSON.stringify({ mode, count, batch: Number(process.env.BATCH || 50), extra, openSeconds, turns: turnsSummary,
    threadsBefore: before.threads, peakThreads: peak.threads, largestSample: peak.sampled, samples: peak.samples,
    largestByPool: peak.largestByPool, poolsAtLargestSample: peak.poolsAtLargestSample, settleMs: settle, poolsAfterSettle,
    loadavgBefore: loadBefore, loadavgAfter: loadAfter }));
}
globalThis.measured = true;
const after = measure();
console.log(JSON.stringify({ jar, mode, count, javaOpts, extra, deflateNegotiated: negotiated, before, after,
  perConnection: { heapKiB: ((after.heapMiB - before.heapMiB) * 1024 / count).toFixed(1), rssKiB: ((after.rssMiB - before.rssMiB) * 1024 / count).toFixed(1),
    threads: after.threads - before.threads } }));
await Promise.all(keep.map((s) => (s.close ? s.close() : s.terminate())));
child.kill('SIGTERM');
await sleep(500);
process.exit(0);
