// A scripted ACP v1 agent on the official TypeScript SDK (@agentclientprotocol/sdk 2.4.0), over stdio (NDJSON), that
// the inspector bridge's tests spawn. It writes "test agent ready" to standard error at start. Prompt texts:
//   (any other)    a thought chunk, a plan, a tool call with a diff, session/request_permission, then fs/read_text_file
//                  of <cwd>/notes.txt, a message chunk telling both ("permission <optionId>; notes.txt: <content>", or
//                  "read failed: <code> <message>"), stopReason end_turn
//   read <path>    fs/read_text_file of <path>, the message chunk telling the content or the error, end_turn
//   terminal       terminal/create `echo hello`, wait_for_exit, output, release; the message chunk tells the output
//   wait           a message chunk "waiting for session/cancel", then waits until session/cancel, then stopReason
//                  cancelled
//   invalid        one session/update that violates the schema (a tool_call_update without toolCallId), end_turn
//   exit           the process exits with code 3
//   child          starts a child process that runs until it is killed; the message chunk tells "child <pid>"
//
//   node agent.mjs
import { spawn } from 'node:child_process';
import { Readable, Writable } from 'node:stream';
import * as acp from '@agentclientprotocol/sdk';

const sessions = new Map();
const cancels = new Map();

function update(client, sessionId, update) {
  return client.notify(acp.methods.client.session.update, { sessionId, update });
}

function text(prompt) {
  return prompt.filter((block) => block.type === 'text').map((block) => block.text).join('');
}

async function read(client, sessionId, path) {
  try {
    const answer = await client.request(acp.methods.client.fs.readTextFile, { sessionId, path });
    return answer.content;
  }
  catch (error) {
    return 'read failed: ' + error.code + ' ' + error.message;
  }
}

async function full(client, sessionId, cwd) {
  await update(client, sessionId, { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: 'Thinking about notes.txt' } });
  await update(client, sessionId, {
    sessionUpdate: 'plan',
    entries: [
      { content: 'Edit notes.txt', priority: 'high', status: 'in_progress' },
      { content: 'Read it back', priority: 'medium', status: 'pending' },
    ],
  });
  await update(client, sessionId, {
    sessionUpdate: 'tool_call',
    toolCallId: 'call_1',
    title: 'Edit notes.txt',
    kind: 'edit',
    status: 'pending',
    content: [{ type: 'diff', path: cwd + '/notes.txt', oldText: 'old line', newText: 'new line' }],
  });
  const answer = await client.request(acp.methods.client.session.requestPermission, {
    sessionId,
    toolCall: { toolCallId: 'call_1', title: 'Edit notes.txt', kind: 'edit', status: 'pending' },
    options: [
      { optionId: 'allow', name: 'Allow', kind: 'allow_once' },
      { optionId: 'reject', name: 'Reject', kind: 'reject_once' },
    ],
  });
  const outcome = answer.outcome.outcome === 'selected' ? answer.outcome.optionId : 'cancelled';
  await update(client, sessionId, { sessionUpdate: 'tool_call_update', toolCallId: 'call_1', status: 'completed' });
  const content = await read(client, sessionId, cwd + '/notes.txt');
  return 'permission ' + outcome + '; notes.txt: ' + content;
}

async function terminal(client, sessionId) {
  const created = await client.request(acp.methods.client.terminal.create, { sessionId, command: 'echo', args: ['hello'] });
  const terminalId = created.terminalId;
  await client.request(acp.methods.client.terminal.waitForExit, { sessionId, terminalId });
  const output = await client.request(acp.methods.client.terminal.output, { sessionId, terminalId });
  await client.request(acp.methods.client.terminal.release, { sessionId, terminalId });
  return 'terminal: ' + output.output.trim();
}

const app = acp.agent({ name: 'inspector-test-agent' })
  .onRequest(acp.methods.agent.initialize, () => ({
    protocolVersion: 1,
    agentCapabilities: { loadSession: false },
    agentInfo: { name: 'inspector-test-agent', version: '0.0.1' },
    authMethods: [],
  }))
  .onRequest(acp.methods.agent.session.new, ({ params }) => {
    const sessionId = 'sess_' + (sessions.size + 1);
    sessions.set(sessionId, params.cwd);
    return { sessionId };
  })
  .onRequest(acp.methods.agent.session.prompt, async ({ params, client }) => {
    const { sessionId } = params;
    if (!sessions.has(sessionId)) {
      throw acp.RequestError.resourceNotFound(sessionId);
    }
    const prompt = text(params.prompt);
    if (prompt === 'exit') {
      process.exit(3);
    }
    if (prompt === 'wait') {
      const cancelled = new Promise((resolve) => cancels.set(sessionId, resolve));
      await update(client, sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'waiting for session/cancel' } });
      await cancelled;
      return { stopReason: 'cancelled' };
    }
    let reply;
    if (prompt === 'invalid') {
      await client.notify('session/update', { sessionId, update: { sessionUpdate: 'tool_call_update', status: 'completed' } });
      reply = 'sent an invalid update';
    }
    else if (prompt === 'child') {
      const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
      reply = 'child ' + child.pid;
    }
    else if (prompt === 'terminal') {
      reply = await terminal(client, sessionId);
    }
    else if (prompt.startsWith('read ')) {
      reply = await read(client, sessionId, prompt.substring(5));
    }
    else {
      reply = await full(client, sessionId, sessions.get(sessionId));
    }
    await update(client, sessionId, { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: reply } });
    return { stopReason: 'end_turn' };
  })
  .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
    cancels.get(params.sessionId)?.();
  });

process.stderr.write('test agent ready\n');
const stream = acp.ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin));
const connection = app.connect(stream);
await connection.closed;
