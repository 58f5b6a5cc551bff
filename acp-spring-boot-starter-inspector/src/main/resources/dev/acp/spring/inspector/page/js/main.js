// Wires the page: reads ./config.json, connects over the chosen transport, runs initialize
// and hands each part of the connection to its view.

import { hook, pretty } from './dom.js';
import { StreamableHttpTransport } from './transport-http.js';
import { WebSocketTransport } from './transport-websocket.js';
import { JsonRpcClient } from './rpc.js';
import { FrameValidator } from './validator.js';
import { LogView } from './log-view.js';
import { InitializeView, initializeParams } from './initialize-view.js';
import { ExtensionsView } from './extensions-view.js';
import { SessionsView } from './sessions-view.js';
import { TurnView } from './turn-view.js';
import { PermissionDialog } from './permission-dialog.js';
import { ExtensibilityCheck } from './extensibility-check.js';

const root = document;
const ui = {
	status: hook('status'),
	mode: hook('mode'),
	transport: hook('transport'),
	token: hook('token'),
	version: hook('protocol-version'),
	capabilities: hook('client-capabilities'),
	connect: hook('connect'),
	disconnect: hook('disconnect'),
	promptInput: hook('prompt-input'),
	promptSend: hook('prompt-send'),
	promptCancel: hook('prompt-cancel'),
	workspace: hook('workspace'),
	workspaceSet: hook('workspace-set'),
	workspaceBox: hook('workspace-box'),
};

let config = { mode: 'remote', endpoint: '/acp', transports: ['http', 'websocket'], protocolVersions: [1] };
let connection = null;

const validator = new FrameValidator('');
const log = new LogView(root, validator);
const initializeView = new InitializeView(root);
const extensions = new ExtensionsView(root, () => connection?.rpc);
const turn = new TurnView(root);
const permissions = new PermissionDialog(root);
const check = new ExtensibilityCheck(root, () => connection);
const sessions = new SessionsView(root, () => connection?.rpc, {
	selected: () => turn.clear(),
	opened: () => {},
});

function status(text, state) {
	ui.status.textContent = text;
	ui.status.dataset.state = state;
}

function tokenFromHash() {
	return new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
}

function authorization() {
	const token = ui.token.value.trim();
	return token ? { Authorization: `Bearer ${token}` } : {};
}

async function loadConfig() {
	const response = await fetch('./config.json', { headers: authorization() });
	if (!response.ok) {
		throw new Error(`config.json answered HTTP ${response.status}`);
	}
	applyConfig(await response.json());
}

function applyConfig(next) {
	config = next;
	ui.mode.textContent = config.mode === 'bridge' ? `bridge · ${config.agentCommand ?? ''}` : 'remote agent';
	const chosen = ui.transport.value;
	ui.transport.replaceChildren(...config.transports.map((t) => {
		const option = document.createElement('option');
		option.value = t;
		option.textContent = t === 'http' ? 'Streamable HTTP' : 'WebSocket';
		return option;
	}));
	if (config.transports.includes(chosen)) {
		ui.transport.value = chosen;
	}
	ui.version.replaceChildren(...config.protocolVersions.map((v) => {
		const option = document.createElement('option');
		option.value = String(v);
		option.textContent = `v${v}`;
		return option;
	}));
	ui.workspaceBox.hidden = config.mode !== 'bridge';
	if (config.mode === 'bridge') {
		ui.workspace.value = config.workspace ?? '';
		hook('session-cwd').value = config.workspace ?? hook('session-cwd').value;
	}
	const served = config.mode === 'bridge' && config.workspace != null;
	ui.capabilities.value = pretty({ fs: { readTextFile: served, writeTextFile: served }, terminal: served });
}

function endpointUrl(transport) {
	const url = new URL(config.endpoint, location.href);
	if (transport === 'websocket') {
		url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
		if (config.mode === 'bridge' && ui.token.value.trim()) {
			url.searchParams.set('token', ui.token.value.trim());
		}
	}
	return url.toString();
}

async function connect() {
	disconnect();
	const kind = ui.transport.value;
	const token = ui.token.value.trim();
	let capabilities;
	try {
		capabilities = JSON.parse(ui.capabilities.value || '{}');
	}
	catch (error) {
		status(`error: the client capabilities are not JSON (${error.message})`, 'error');
		return;
	}
	validator.token = token;
	const transport = kind === 'http' ? new StreamableHttpTransport(endpointUrl(kind), token)
		: new WebSocketTransport(endpointUrl(kind));
	const rpc = new JsonRpcClient(transport, {
		frame: (direction, frame, info) => log.add(direction, frame, { ...info, stats: rpc.stats }),
		control: bridgeMessage,
	});
	const current = { rpc, initialize: null };
	connection = current;
	transport.onclose = (why) => {
		if (connection === current) {
			status(`disconnected: ${why}`, 'closed');
		}
	};
	rpc.handle('session/request_permission', (params, request) => permissions.ask(params, request));
	rpc.listen((method, params) => {
		if (method === 'session/update' && params.sessionId === sessions.sessionId) {
			turn.update(params.update);
		}
		else if (method === '$/cancel_request') {
			permissions.withdraw(params.requestId);
		}
	});
	status('connecting', 'connecting');
	try {
		await transport.open();
		const version = Number(ui.version.value || config.protocolVersions[0]);
		validator.protocolVersion = version;
		const answer = await rpc.request('initialize', initializeParams(version, capabilities));
		if (answer.error) {
			status(`error: initialize answered ${answer.error.code} ${answer.error.message}`, 'error');
			return;
		}
		current.initialize = answer.result;
		validator.protocolVersion = answer.result.protocolVersion ?? version;
		initializeView.show(answer.result);
		extensions.show(answer.result);
		status('connected', 'connected');
	}
	catch (error) {
		if (connection === current) {
			status(`error: ${error.message}`, 'error');
		}
	}
}

function disconnect() {
	if (!connection) {
		return;
	}
	connection.rpc.close();
	connection = null;
	initializeView.clear();
	extensions.clear();
	check.clear();
	sessions.reset();
	status('disconnected', 'closed');
}

// the agent's requests the bridge served, by id, to pair the bridge's answers with them
const served = new Map();

function bridgeMessage(message) {
	switch (message.inspector) {
		case 'served': {
			const frame = message.frame ?? {};
			if (typeof frame.method === 'string') {
				served.set(JSON.stringify(frame.id), frame.method);
				log.add('in', frame, { method: frame.method, served: true });
			}
			else {
				const method = served.get(JSON.stringify(frame.id)) ?? null;
				served.delete(JSON.stringify(frame.id));
				log.add('out', frame, { method, served: true, answer: true });
			}
			break;
		}
		case 'stderr':
			log.note(`stderr: ${message.line}`, 'stderr');
			break;
		case 'exited':
			log.note(`the agent exited with code ${message.code}`, 'exited');
			status(`the agent exited (code ${message.code})`, 'closed');
			break;
		default:
			log.note(`inspector: ${message.message ?? JSON.stringify(message)}`, 'error');
	}
}

async function sendPrompt() {
	const rpc = connection?.rpc;
	const sessionId = sessions.sessionId;
	const text = ui.promptInput.value;
	if (!rpc || !sessionId) {
		status(rpc ? 'create or load a session first' : 'not connected', rpc ? 'connected' : 'closed');
		return;
	}
	turn.prompt(text);
	ui.promptInput.value = '';
	ui.promptSend.disabled = true;
	try {
		const answer = await rpc.request('session/prompt', { sessionId, prompt: [{ type: 'text', text }] });
		turn.stopped(answer);
	}
	catch (error) {
		turn.stopped({ error: { code: -32603, message: error.message } });
	}
	finally {
		ui.promptSend.disabled = false;
	}
}

async function setWorkspace() {
	const path = ui.workspace.value.trim() || null;
	const response = await fetch('./workspace', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', ...authorization() },
		body: JSON.stringify({ path }),
	});
	if (!response.ok) {
		status(`workspace: ${await response.text()}`, 'error');
		return;
	}
	applyConfig(await response.json());
}

ui.connect.addEventListener('click', connect);
ui.disconnect.addEventListener('click', disconnect);
ui.promptSend.addEventListener('click', sendPrompt);
ui.promptCancel.addEventListener('click', () => {
	if (connection && sessions.sessionId) {
		connection.rpc.notify('session/cancel', { sessionId: sessions.sessionId });
	}
});
ui.workspaceSet.addEventListener('click', setWorkspace);

ui.token.value = tokenFromHash();
loadConfig().then(() => status('disconnected', 'closed'), (error) => status(`error: ${error.message}`, 'error'));
