// Reference agent on the official ACP TypeScript SDK (@agentclientprotocol/sdk 2.4.0), doing what the demo agent
// does for initialize, _demo.acp/echo, session/new and a plain-text session/prompt (one agent_message_chunk
// session/update echoing the prompt text, then stopReason end_turn).
//
//   node agent.mjs                 over stdio (NDJSON)
//   node agent.mjs --port=<p>      the SDK's AcpServer at 127.0.0.1:<p>/acp: WebSocket upgrades (behind a `ws` server)
//                                  and Streamable HTTP (POST, GET event streams, DELETE) on the same path
//   node --expose-gc agent.mjs --port=<p> --heap-report
//                                  also, on SIGUSR2: two full collections, then one line on standard error,
//                                  {"heapReport":{"heapUsed":...,"heapTotal":...,"external":...,"arrayBuffers":...,"rss":...}}
//                                  in bytes (bench/scale.mjs reads it as the heap after GC)
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { AcpServer } from '@agentclientprotocol/sdk/experimental/server';
import { createNodeHttpHandler, createNodeWebSocketUpgradeHandler } from '@agentclientprotocol/sdk/experimental/node';
import { z } from 'zod';

const EchoParams = z.record(z.string(), z.unknown());
const sessions = new Set();

const app = acp.agent({ name: 'ts-sdk-echo-agent' })
  .onRequest(acp.methods.agent.initialize, () => ({
    protocolVersion: acp.PROTOCOL_VERSION,
    agentCapabilities: {},
    agentInfo: { name: 'ts-sdk-echo-agent', version: '0.0.1' },
  }))
  .onRequest('_demo.acp/echo', EchoParams, ({ params }) => ({ params }))
  .onRequest(acp.methods.agent.session.new, () => {
    const sessionId = 'sess_' + randomUUID().replaceAll('-', '');
    sessions.add(sessionId);
    return { sessionId };
  })
  .onRequest(acp.methods.agent.session.prompt, async ({ params, client }) => {
    if (!sessions.has(params.sessionId)) {
      throw acp.RequestError.sessionNotFound(params.sessionId);
    }
    let text = '';
    for (const block of params.prompt) {
      if (block.type === 'text') text += block.text;
    }
    await client.notify(acp.methods.client.session.update, {
      sessionId: params.sessionId,
      update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text } },
    });
    return { stopReason: 'end_turn' };
  });

const portArgument = process.argv.find((argument) => argument.startsWith('--port='));
if (portArgument) {
  const { WebSocketServer } = await import('ws');
  const server = new AcpServer({ agent: app });
  const sockets = new WebSocketServer({ noServer: true });
  const upgrade = createNodeWebSocketUpgradeHandler(server, sockets);
  const streamable = createNodeHttpHandler(server);
  const http = createServer((request, response) => {
    if (new URL(request.url, 'http://localhost').pathname === '/acp') streamable(request, response);
    else response.writeHead(404).end();
  });
  http.on('upgrade', (request, socket, head) => {
    if (new URL(request.url, 'http://localhost').pathname === '/acp') upgrade(request, socket, head);
    else socket.destroy();
  });
  http.listen(Number(portArgument.slice('--port='.length)), '127.0.0.1');
  if (process.argv.includes('--heap-report')) {
    if (typeof globalThis.gc !== 'function') throw new Error('--heap-report needs node --expose-gc');
    process.on('SIGUSR2', () => {
      globalThis.gc();
      globalThis.gc();
      process.stderr.write(JSON.stringify({ heapReport: process.memoryUsage() }) + '\n');
    });
  }
  const stop = () => server.close().finally(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
else {
  const stream = acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin));
  const connection = app.connect(stream);
  await connection.closed;
}
