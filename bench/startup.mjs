// Spawn-to-first-initialize-answer time, CPU time and peak RSS of ACP agents started over stdio.
// Usage: node bench/startup.mjs [--session] [runs] -- [--before <shell command>] <command> [args...] [-- ...]
// --session: send session/new the moment initialize is answered and time the session/new answer (what a person
// waits for before typing a prompt; some agents refuse a request pipelined before the initialize answer). --before: a shell command run, untimed, before every run of that command (to stop a
// warm agent for a cold-launch row, or start one for a warm row).
// Default command: java -jar demo-app/target/acp-demo.jar
// Several commands run interleaved (one run of each per round), so that their ratios to the first one are measured
// under the same load; on a shared machine, compare ratios and CPU time rather than absolute wall times.
// Per command: wall time from spawn to the initialize answer; CPU time (user + system, all threads) the process used
// until then; peak RSS (VmHWM) read right after the answer. The process must be the agent itself (a launcher script
// must exec it). Every stdout line up to the answer must parse as JSON, or the run fails.
import { spawn, execFileSync, execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const session = args[0] === '--session';
if (session) {
  args.shift();
}
const runs = args.length > 0 && args[0] !== '--' ? Number(args.shift()) : 5;
const commands = [];
const before = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--') {
    commands.push([]);
    before.push(null);
  } else if (arg === '--before' && commands.length > 0 && commands[commands.length - 1].length === 0) {
    before[before.length - 1] = args[++i];
  } else if (commands.length > 0) {
    commands[commands.length - 1].push(arg);
  }
}
if (commands.length === 0 || commands[0].length === 0) {
  commands.splice(0, commands.length, ['java', '-jar', 'demo-app/target/acp-demo.jar']);
}
const clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
const timeoutMs = Number(process.env.STARTUP_TIMEOUT_MS || 120000);

const initialize = JSON.stringify({
  jsonrpc: '2.0', id: 0, method: 'initialize',
  params: { protocolVersion: 1, clientCapabilities: {}, clientInfo: { name: 'startup-bench', version: '1' } },
}) + '\n';
const newSession = JSON.stringify({
  jsonrpc: '2.0', id: 1, method: 'session/new', params: { cwd: process.cwd(), mcpServers: [] },
}) + '\n';
const answerId = session ? 1 : 0;

function peakRssKiB(pid) {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/);
    return match ? Number(match[1]) : NaN;
  } catch {
    return NaN;
  }
}

function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime field 15
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks;
  } catch {
    return NaN;
  }
}

function once(command) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command[0], command.slice(1), { stdio: ['pipe', 'pipe', 'ignore'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no initialize answer within ${timeoutMs} ms: ${command.join(' ')}`));
    }, timeoutMs);
    let buffered = '';
    let answered = false;
    child.stdin.write(initialize);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      buffered += chunk;
      let newline;
      while (!answered && (newline = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        let message;
        try {
          message = JSON.parse(line);
        } catch {
          clearTimeout(timer);
          child.kill('SIGKILL');
          reject(new Error('a stdout line is not JSON: ' + line));
          return;
        }
        if (session && message.id === 0 && message.result) {
          child.stdin.write(newSession);
          continue;
        }
        if (message.id !== answerId) {
          continue;
        }
        answered = true;
        const wall = Number(process.hrtime.bigint() - started) / 1e6;
        const rss = peakRssKiB(child.pid) / 1024;
        const cpu = cpuMs(child.pid);
        clearTimeout(timer);
        if (!message.result) {
          reject(new Error('unexpected answer: ' + line));
          return;
        }
        child.on('exit', (code) => resolve({ wall, cpu, rss, exit: code }));
        child.stdin.end();
      }
    });
    child.on('error', reject);
  });
}

const results = commands.map(() => []);
for (let i = 0; i < runs; i++) {
  for (let c = 0; c < commands.length; c++) {
    if (before[c]) {
      execSync(before[c], { stdio: 'ignore', shell: '/bin/sh' });
    }
    results[c].push(await once(commands[c]));
  }
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const range = (values) => `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`;
const medians = results.map((r) => ({
  wall: median(r.map((x) => x.wall)), cpu: median(r.map((x) => x.cpu)), rss: median(r.map((x) => x.rss)),
}));
console.log(`load average: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}; runs: ${runs}`);
commands.forEach((command, c) => {
  const r = results[c];
  const m = medians[c];
  console.log(`command: ${command.join(' ')}`);
  console.log(`  exit codes: ${[...new Set(r.map((x) => x.exit))].join(',')}`);
  console.log(`  spawn to ${session ? 'session/new' : 'initialize'} answer (ms): median ${m.wall.toFixed(0)}  range ${range(r.map((x) => x.wall))}`);
  console.log(`  CPU time to the answer (ms):      median ${m.cpu.toFixed(0)}  range ${range(r.map((x) => x.cpu))}`);
  console.log(`  peak RSS at the answer (MiB):     median ${m.rss.toFixed(0)}  range ${range(r.map((x) => x.rss))}`);
  if (c > 0) {
    const ratio = (key) => (m[key] / medians[0][key]).toFixed(2);
    console.log(`  ratio to the first command: time ${ratio('wall')}x  CPU ${ratio('cpu')}x  RSS ${ratio('rss')}x`);
  }
});
