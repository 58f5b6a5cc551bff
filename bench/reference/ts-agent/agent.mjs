// Reference agent on the official ACP TypeScript SDK (@agentclientprotocol/sdk 2.4.0): initialize + _demo.acp/echo.
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';
import { z } from 'zod';

const EchoParams = z.record(z.string(), z.unknown());

const app = acp.agent({ name: 'ts-sdk-echo-agent' })
  .onRequest(acp.methods.agent.initialize, () => ({
    protocolVersion: acp.PROTOCOL_VERSION,
    agentCapabilities: {},
    agentInfo: { name: 'ts-sdk-echo-agent', version: '0.0.1' },
  }))
  .onRequest('_demo.acp/echo', EchoParams, ({ params }) => ({ params }));

const stream = acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin));
const connection = app.connect(stream);
await connection.closed;
