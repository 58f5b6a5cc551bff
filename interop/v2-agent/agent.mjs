// An ACP v2 (Preview) agent on the official TypeScript SDK's experimental v2 API (@agentclientprotocol/sdk 2.4.0,
// `agentProtocolRouter().withV2(agent())`), over stdio (NDJSON), for the starter's client role to prove v2 against
// an agent nobody here wrote. A prompt turn: the prompt is acknowledged ({messageId}), then `running`, the user
// message echoed (`user_message`, the acknowledged messageId), one `agent_message_chunk` echoing the text; for the
// prompt text `tool`, a `session/request_permission` with a `tool_call` subject (between `requires_action` and
// `running`) whose outcome is told in the chunk; then `idle` with stopReason `end_turn`.
//
//   node agent.mjs
import { randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk/experimental/v2';

const sessions = new Set();

function update(client, sessionId, update) {
  return client.notify(acp.methods.client.session.update, { sessionId, update });
}

function state(client, sessionId, state, extra = {}) {
  return update(client, sessionId, { sessionUpdate: 'state_update', state, ...extra });
}

async function turn(client, sessionId, messageId, prompt) {
  let text = '';
  for (const block of prompt) {
    if (block.type === 'text') text += block.text;
  }
  await state(client, sessionId, 'running');
  await update(client, sessionId, { sessionUpdate: 'user_message', messageId, content: prompt });
  let reply = text;
  if (text === 'tool') {
    await state(client, sessionId, 'requires_action');
    const answer = await client.request(acp.methods.client.session.requestPermission, {
      sessionId,
      title: 'Allow writing notes.txt?',
      subject: {
        type: 'tool_call',
        toolCall: { toolCallId: 'call_1', title: 'Write notes.txt', kind: 'edit', status: 'pending' },
      },
      options: [
        { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
        { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
      ],
    });
    await state(client, sessionId, 'running');
    reply = answer.outcome.outcome === 'selected' ? 'permission ' + answer.outcome.optionId : 'permission cancelled';
  }
  await update(client, sessionId, {
    sessionUpdate: 'agent_message_chunk',
    messageId: 'msg_' + randomUUID(),
    content: { type: 'text', text: reply },
  });
  await state(client, sessionId, 'idle', { stopReason: 'end_turn' });
}

const app = acp.agent({ name: 'ts-sdk-v2-agent' })
  .onRequest(acp.methods.agent.initialize, () => ({
    protocolVersion: 2,
    info: { name: 'ts-sdk-v2-agent', version: '0.0.1' },
    capabilities: { session: { prompt: {} } },
  }))
  .onRequest(acp.methods.agent.session.new, () => {
    const sessionId = 'sess_' + randomUUID().replaceAll('-', '');
    sessions.add(sessionId);
    return { sessionId };
  })
  .onRequest(acp.methods.agent.session.prompt, ({ params, client }) => {
    if (!sessions.has(params.sessionId)) {
      throw acp.RequestError.sessionNotFound(params.sessionId);
    }
    const messageId = 'msg_' + randomUUID();
    // The answer acknowledges the inserted prompt; the turn runs after it and ends with the idle state_update.
    setImmediate(() => {
      turn(client, params.sessionId, messageId, params.prompt).catch((error) => {
        state(client, params.sessionId, 'idle', {
          stopReason: 'error',
          error: { code: -32603, message: String(error?.message ?? error) },
        });
      });
    });
    return { messageId };
  })
  .onNotification(acp.methods.agent.session.cancel, () => {});

const stream = acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin));
const connection = acp.agentProtocolRouter().withV2(app).connect(stream);
await connection.closed;
