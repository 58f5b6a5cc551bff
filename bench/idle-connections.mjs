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
import { spawn, execFileSync } from 'node:child_process';
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
let negotiated = 0;
const batch = Number(process.env.BATCH || 50);
for (let c = 0; c < count; c += batch) {
  await Promise.all(Array.from({ length: Math.min(batch, count - c) }, async () => {
    if (mode === 'ws') {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/acp`);
      await new Promise((r, j) => { socket.once('open', r); socket.once('error', j); });
      if (socket.extensions) negotiated++;
      for (const m of [init, echo]) await new Promise((r) => { socket.once('message', r); socket.send(m); });
      keep.push(socket);
    } else {
      const { res } = await post(init);
      const id = res.headers['acp-connection-id'];
      const code = await del(id);
      if (code !== 202) throw new Error('DELETE ' + code);
    }
  }));
}
await sleep(2000);
globalThis.measured = true;
const after = measure();
console.log(JSON.stringify({ jar, mode, count, javaOpts, extra, deflateNegotiated: negotiated, before, after,
  perConnection: { heapKiB: ((after.heapMiB - before.heapMiB) * 1024 / count).toFixed(1), rssKiB: ((after.rssMiB - before.rssMiB) * 1024 / count).toFixed(1),
    threads: after.threads - before.threads } }));
keep.forEach((s) => s.terminate());
child.kill('SIGTERM');
await sleep(500);
process.exit(0);
