// Pipelined stdio throughput and latency of an ACP agent: N `_demo.acp/echo` requests with at most W in flight.
// Usage: node bench/throughput.mjs [N] [W] -- <command> [args...]
// Default command: java -jar demo-app/target/acp-demo.jar
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const separator = args.indexOf('--');
const numbers = (separator >= 0 ? args.slice(0, separator) : args).map(Number);
const total = numbers[0] || 100000;
const window = numbers[1] || 64;
const command = separator >= 0 ? args.slice(separator + 1) : ['java', '-jar', 'demo-app/target/acp-demo.jar'];

const child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'ignore'] });
const pending = new Map();
const latencies = new Float64Array(total);
let nextId = 1;
let answered = 0;
let buffered = '';
let started;
let onInitialized;

const payload = { text: 'x'.repeat(100), n: 42, nested: { list: [1, 2, 3], flag: true } };
// The client must cost little, or it measures itself: requests are built from a pre-serialized template and
// responses are not parsed beyond their id (each agent is checked for correct answers elsewhere).
const requestHead = '{"jsonrpc":"2.0","id":';
const requestTail = ',"method":"_demo.acp/echo","params":' + JSON.stringify(payload) + '}\n';
function responseId(line) {
  const at = line.indexOf('"id":');
  if (at < 0) return undefined;
  let end = at + 5;
  while (end < line.length && line[end] !== ',' && line[end] !== '}') end++;
  return Number(line.slice(at + 5, end));
}
function send(id, method, params) {
  pending.set(id, process.hrtime.bigint());
  child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
}

let measuring = false;
function fill() {
  if (!measuring) return;
  let batch = '';
  while (nextId <= total && pending.size < window) {
    const id = nextId++;
    pending.set(id, process.hrtime.bigint());
    batch += requestHead + id + requestTail;
  }
  if (batch) child.stdin.write(batch);
}

const done = new Promise((resolve) => {
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      const id = responseId(line);
      const sent = pending.get(id);
      if (sent === undefined) continue;
      pending.delete(id);
      if (id === 0) { onInitialized(); continue; }
      if (id < 0) continue;
      if (line.includes('"error":{')) throw new Error('error answer: ' + line);
      latencies[answered++] = Number(process.hrtime.bigint() - sent) / 1e6;
      if (answered === total) { resolve(); return; }
    }
    fill();
  });
});

await new Promise((resolve) => { onInitialized = resolve; send(0, 'initialize', { protocolVersion: 1 }); });
for (let i = 0; i < 2000; i++) { send(-1 - i, '_demo.acp/echo', payload); }
await new Promise((resolve) => { const check = setInterval(() => { if (pending.size === 0) { clearInterval(check); resolve(); } }, 10); });
started = process.hrtime.bigint();
measuring = true;
fill();
await done;
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
child.stdin.end();
const sorted = Array.from(latencies).sort((a, b) => a - b);
const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(2);
console.log(`command: ${command.join(' ')}`);
console.log(`requests: ${total}, window: ${window}, after 2000 warm-up requests`);
console.log(`throughput: ${(total / seconds).toFixed(0)} requests/s`);
console.log(`latency (ms): p50 ${pct(0.5)}  p99 ${pct(0.99)}  max ${sorted[sorted.length - 1].toFixed(2)}`);
