// Spawn-to-first-initialize-answer time and peak RSS of an ACP agent started over stdio.
// Usage: node bench/startup.mjs [runs] -- <command> [args...]
// Default command: java -jar demo-app/target/acp-demo.jar
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const separator = process.argv.indexOf('--');
const runs = Number(process.argv[2] && process.argv[2] !== '--' ? process.argv[2] : 5);
const command = separator > 0 ? process.argv.slice(separator + 1) : ['java', '-jar', 'demo-app/target/acp-demo.jar'];

const initialize = JSON.stringify({
  jsonrpc: '2.0', id: 0, method: 'initialize',
  params: { protocolVersion: 1, clientCapabilities: {}, clientInfo: { name: 'startup-bench', version: '1' } },
}) + '\n';

function peakRssKiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = status.match(/VmHWM:\s+(\d+) kB/);
    return match ? Number(match[1]) : NaN;
  } catch {
    return NaN;
  }
}

function once() {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'ignore'] });
    let buffered = '';
    let answered = null;
    child.stdin.write(initialize);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      if (answered === null && buffered.includes('\n')) {
        answered = Number(process.hrtime.bigint() - started) / 1e6;
        const message = JSON.parse(buffered.slice(0, buffered.indexOf('\n')));
        if (message.id !== 0 || !message.result) {
          reject(new Error('unexpected answer: ' + buffered));
        }
        setTimeout(() => {
          const rss = peakRssKiB(child.pid);
          child.stdin.end();
          child.on('exit', (code) => resolve({ answered, rss, exit: code }));
        }, 200);
      }
    });
    child.on('error', reject);
  });
}

const results = [];
for (let i = 0; i < runs; i++) {
  results.push(await once());
}
const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)], max: sorted[sorted.length - 1] };
};
const time = stats(results.map((r) => r.answered));
const rss = stats(results.map((r) => r.rss / 1024));
console.log(`command: ${command.join(' ')}`);
console.log(`runs: ${runs}; exit codes: ${[...new Set(results.map((r) => r.exit))].join(',')}`);
console.log(`spawn to initialize answer (ms): min ${time.min.toFixed(0)}  median ${time.median.toFixed(0)}  max ${time.max.toFixed(0)}`);
console.log(`peak RSS at answer + 200 ms (MiB): min ${rss.min.toFixed(0)}  median ${rss.median.toFixed(0)}  max ${rss.max.toFixed(0)}`);
