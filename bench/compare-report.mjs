// Medians and ratios (ours / peer) from the raw results bench/compare.sh collects: one line per run,
// `<agent>\t<row>\t<json>` with the json of bench/throughput.mjs's `result` line (or start-up figures).
// Usage: node bench/compare-report.mjs <results file>
import { readFileSync } from 'node:fs';

const runs = new Map();
for (const line of readFileSync(process.argv[2], 'utf8').split('\n')) {
  if (!line) continue;
  const [agent, row, json] = line.split('\t');
  const key = `${agent}\t${row}`;
  if (!runs.has(key)) runs.set(key, []);
  runs.get(key).push(JSON.parse(json));
}

const median = (values) => {
  const sorted = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (!sorted.length) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const figure = (agent, row, field) => median((runs.get(`${agent}\t${row}`) || []).map((r) => r[field]));
const failures = (agent, row) => (runs.get(`${agent}\t${row}`) || [])
  .filter((r) => r.failed || r.ok !== r.total || r.outOfOrder > 0)
  .map((r) => r.failed || `${r.total - r.ok} of ${r.total} failed ${JSON.stringify(r.errors)}`);

const agents = [...new Set([...runs.keys()].map((key) => key.split('\t')[0]))];
const ours = 'ours';
const oursQuiet = 'ours, observations off';
// the demo with its sessions in PostgreSQL (prompt rows only): compared with "ours", whose sessions are in memory
const oursJdbc = 'ours, sessions in PostgreSQL';
const peers = agents.filter((a) => a !== ours && a !== oursQuiet && a !== oursJdbc);
const count = (n) => (n === undefined ? '-' : Math.round(n).toLocaleString('en-US'));
const ms = (n) => (n === undefined ? '-' : n.toFixed(2));
const mib = (n) => (n === undefined ? '-' : n.toFixed(0));

const rows = [
  ['echo req/s, 64 in flight', 'echo64', 'rate', count, 'higher'],
  ['echo p50 ms, 64 in flight', 'echo64', 'p50', ms, 'lower'],
  ['echo p99 ms, 64 in flight', 'echo64', 'p99', ms, 'lower'],
  ['echo req/s, 1 in flight', 'echo1', 'rate', count, 'higher'],
  ['prompt turns/s, sequential', 'prompt1', 'rate', count, 'higher'],
  ['prompt p99 ms, sequential', 'prompt1', 'p99', ms, 'lower'],
  ['prompt turns/s, 64 in flight', 'prompt64', 'rate', count, 'higher'],
  ['prompt p50 ms, 64 in flight', 'prompt64', 'p50', ms, 'lower'],
  ['prompt p99 ms, 64 in flight', 'prompt64', 'p99', ms, 'lower'],
  ['prompt p99.9 ms, 64 in flight', 'prompt64', 'p999', ms, 'lower'],
  ['WebSocket echo req/s, 64 in flight', 'ws-echo64', 'rate', count, 'higher'],
  ['WebSocket echo p50 ms, 64 in flight', 'ws-echo64', 'p50', ms, 'lower'],
  ['WebSocket echo p99 ms, 64 in flight', 'ws-echo64', 'p99', ms, 'lower'],
  ['WebSocket prompt turns/s, 64 in flight', 'ws-prompt64', 'rate', count, 'higher'],
  ['WebSocket prompt p99 ms, 64 in flight', 'ws-prompt64', 'p99', ms, 'lower'],
  ['Streamable HTTP prompt turns/s, sequential', 'http-prompt1', 'rate', count, 'higher'],
  ['Streamable HTTP prompt p99 ms, sequential', 'http-prompt1', 'p99', ms, 'lower'],
  ['Streamable HTTP prompt turns/s, 64 in flight', 'http-prompt64', 'rate', count, 'higher'],
  ['Streamable HTTP prompt p99 ms, 64 in flight', 'http-prompt64', 'p99', ms, 'lower'],
  ['agent CPU us per echo, 64 in flight', 'echo64', 'agentCpuUs', ms, 'lower'],
  ['agent CPU us per turn, sequential', 'prompt1', 'agentCpuUs', ms, 'lower'],
  ['agent CPU us per turn, 64 in flight', 'prompt64', 'agentCpuUs', ms, 'lower'],
  ['agent CPU us per WebSocket echo', 'ws-echo64', 'agentCpuUs', ms, 'lower'],
  ['agent CPU us per WebSocket turn', 'ws-prompt64', 'agentCpuUs', ms, 'lower'],
  ['agent CPU us per Streamable HTTP turn, 64 in flight', 'http-prompt64', 'agentCpuUs', ms, 'lower'],
  ['peak RSS MiB after the echo run, 64 in flight', 'echo64', 'peakRssMiB', mib, 'lower'],
  ['peak RSS MiB after the prompt run, 64 in flight', 'prompt64', 'peakRssMiB', mib, 'lower'],
  ['peak RSS MiB after the WebSocket run', 'ws-echo64', 'peakRssMiB', mib, 'lower'],
  ['spawn to initialize answer ms (startup.mjs)', 'startup', 'spawnMs', count, 'lower'],
  ['peak RSS MiB after start (startup.mjs)', 'startup', 'startRssMiB', mib, 'lower'],
];

console.log(`medians of ${Math.max(...[...runs.values()].map((r) => r.length))} runs`);
console.log(`| | ${agents.join(' | ')} |`);
console.log(`|---|${agents.map(() => '---').join('|')}|`);
for (const [label, row, field, format] of rows) {
  console.log(`| ${label} | ${agents.map((a) => format(figure(a, row, field))).join(' | ')} |`);
}

const ratioColumns = [];
for (const mine of [ours, oursQuiet]) {
  for (const peer of peers) ratioColumns.push([mine, peer]);
}
console.log();
console.log('ratios, ours / peer (better than 1 means: above 1 for rates, below 1 for latency and memory)');
console.log(`| | ${ratioColumns.map(([mine, peer]) => `${mine} / ${peer}`).join(' | ')} |`);
console.log(`|---|${ratioColumns.map(() => '---').join('|')}|`);
for (const [label, row, field, , better] of rows) {
  const cells = ratioColumns.map(([mine, peer]) => {
    const a = figure(mine, row, field);
    const b = figure(peer, row, field);
    return a === undefined || b === undefined || b === 0 ? '-' : `${(a / b).toFixed(2)}x`;
  });
  console.log(`| ${label} (${better} is better) | ${cells.join(' | ')} |`);
}

if (agents.includes(oursJdbc)) {
  console.log();
  console.log(`what keeping the sessions in PostgreSQL costs a turn: ${oursJdbc} / ours (sessions in memory)`);
  console.log(`| | ${oursJdbc} | ours | ratio |`);
  console.log('|---|---|---|---|');
  for (const [label, row, field, format, better] of rows) {
    const a = figure(oursJdbc, row, field);
    if (a === undefined) continue;
    const b = figure(ours, row, field);
    const ratio = b === undefined || b === 0 ? '-' : `${(a / b).toFixed(2)}x`;
    console.log(`| ${label} (${better} is better) | ${format(a)} | ${format(b)} | ${ratio} |`);
  }
}

const failed = [];
for (const agent of agents) {
  for (const row of ['echo64', 'echo1', 'prompt1', 'prompt64', 'ws-echo64', 'ws-prompt64']) {
    for (const failure of failures(agent, row)) failed.push(`${agent}, ${row}: ${failure}`);
  }
}
if (failed.length) {
  console.log();
  console.log('runs with failed answers (their rates count correct answers only):');
  for (const line of failed) console.log(`- ${line}`);
}
