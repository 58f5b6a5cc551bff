// A minimal MCP server over stdio for tests: answers initialize, tools/list (one tool,
// "echo") and ping; other requests get -32601. Its arguments are ignored (tests pass a
// marker to find its process).
const readline = require('readline');

const lines = readline.createInterface({ input: process.stdin });
const send = (message) => process.stdout.write(JSON.stringify(message) + '\n');

lines.on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch (e) {
    return;
  }
  if (message.id === undefined || message.method === undefined) {
    return;
  }
  if (message.method === 'initialize') {
    send({ jsonrpc: '2.0', id: message.id, result: {
      protocolVersion: message.params.protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name: 'tiny', version: '1.0' } } });
  } else if (message.method === 'tools/list') {
    send({ jsonrpc: '2.0', id: message.id, result: { tools: [ { name: 'echo', description: 'Echo a message',
      inputSchema: { type: 'object', properties: { message: { type: 'string' } } } } ] } });
  } else if (message.method === 'ping') {
    send({ jsonrpc: '2.0', id: message.id, result: {} });
  } else {
    send({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
  }
});
// Stay alive while stdin stays open, as a real server does.
lines.on('close', () => process.exit(0));
