// One click checks the extensibility rules of ACP against the connected agent:
// every advertised extension method answers (not -32601), an unknown `_` request is
// answered -32601, an unknown `_` notification is ignored (the connection still answers
// afterwards), and nothing custom sits at the root of a spec type of the initialize answer.

import { el, hook, clear } from './dom.js';
import { advertisedExtensions } from './extensions-view.js';
import { METHOD_NOT_FOUND } from './rpc.js';

// The properties of the spec types in the initialize answer, by protocol version.
const V2_TYPES = {
	InitializeResponse: ['protocolVersion', 'info', 'capabilities', 'authMethods', '_meta'],
	AgentCapabilities: ['session', 'auth', '_meta'],
	SessionCapabilities: ['prompt', 'mcp', 'delete', 'additionalDirectories', '_meta'],
	PromptCapabilities: ['image', 'audio', 'embeddedContext', '_meta'],
	McpCapabilities: ['stdio', 'http', '_meta'],
	AgentAuthCapabilities: ['_meta'],
	Implementation: ['name', 'title', 'version', '_meta'],
};

const V1_TYPES = {
	InitializeResponse: ['protocolVersion', 'agentCapabilities', 'authMethods', 'agentInfo', '_meta'],
	AgentCapabilities: ['loadSession', 'promptCapabilities', 'mcpCapabilities', 'sessionCapabilities', 'auth', '_meta'],
	PromptCapabilities: ['image', 'audio', 'embeddedContext', '_meta'],
	McpCapabilities: ['http', 'sse', '_meta'],
	SessionCapabilities: ['list', 'delete', 'additionalDirectories', 'resume', 'close', 'fork', 'load', '_meta'],
	AgentAuthCapabilities: ['logout', '_meta'],
	Implementation: ['name', 'title', 'version', '_meta'],
};

export class ExtensibilityCheck {
	constructor(root, connection) {
		this.results = hook('check-results', root);
		this.connection = connection;
		hook('check-run', root).addEventListener('click', () => this.run());
	}

	clear() {
		clear(this.results);
	}

	async run() {
		const { rpc, initialize } = this.connection() ?? {};
		this.clear();
		if (!rpc) {
			this.results.append(el('li', { text: 'Not connected.' }));
			return;
		}
		const report = (rule, ok, detail) => this.results.append(el('li', { test: 'check-result', 'data-rule': rule,
			'data-ok': String(ok), class: ok ? 'ok' : 'bad' },
		el('span', { class: 'mark', text: ok ? '✓' : '✗' }), el('span', { class: 'rule', text: rule }),
		el('span', { class: 'detail', text: detail })));
		const methods = advertisedExtensions(initialize).flatMap((extension) => extension.methods);
		for (const method of methods) {
			const answer = await rpc.request(method, {});
			const missing = answer.error?.code === METHOD_NOT_FOUND;
			report(`advertised method ${method} answers`, !missing,
				missing ? 'answered -32601 (method not found)' : answer.error ? `answered error ${answer.error.code} (not -32601)` : 'answered');
		}
		const unknown = `_acp-inspector.dev/unknown-${Math.random().toString(36).slice(2, 10)}`;
		const request = await rpc.request(unknown, {});
		report('an unknown _ request is answered -32601', request.error?.code === METHOD_NOT_FOUND,
			request.error ? `answered ${request.error.code}` : 'answered with a result');
		const unpaired = rpc.unpaired;
		await rpc.notify(`${unknown}/notification`, {});
		const after = await rpc.request(`${unknown}/after`, {});
		const answeredNotification = rpc.unpaired > unpaired;
		report('an unknown _ notification is ignored', after.error?.code === METHOD_NOT_FOUND && !answeredNotification,
			answeredNotification ? 'the agent answered the notification'
				: after.error?.code === METHOD_NOT_FOUND ? 'no answer; the connection still answers afterwards'
					: 'the next request was not answered as expected');
		const custom = customRootFields(initialize ?? {});
		report('nothing custom at the root of a spec type of the initialize answer', custom.length === 0,
			custom.length === 0 ? 'only spec fields and _meta' : custom.join(', '));
	}
}

/** The paths of fields the spec does not define at the root of the initialize answer's types. */
export function customRootFields(result) {
	return result.protocolVersion === 2 ? customRootFieldsV2(result) : customRootFieldsV1(result);
}

function rootChecker(types, found) {
	return (value, type, path) => {
		if (!value || typeof value !== 'object' || Array.isArray(value)) {
			return;
		}
		for (const key of Object.keys(value)) {
			if (!types[type].includes(key)) {
				found.push(`${path}.${key}`);
			}
		}
	};
}

function customRootFieldsV2(result) {
	const found = [];
	const check = rootChecker(V2_TYPES, found);
	check(result, 'InitializeResponse', 'result');
	const capabilities = result.capabilities;
	check(capabilities, 'AgentCapabilities', 'result.capabilities');
	check(capabilities?.session, 'SessionCapabilities', 'result.capabilities.session');
	check(capabilities?.session?.prompt, 'PromptCapabilities', 'result.capabilities.session.prompt');
	check(capabilities?.session?.mcp, 'McpCapabilities', 'result.capabilities.session.mcp');
	check(capabilities?.auth, 'AgentAuthCapabilities', 'result.capabilities.auth');
	check(result.info, 'Implementation', 'result.info');
	return found;
}

function customRootFieldsV1(result) {
	const found = [];
	const check = rootChecker(V1_TYPES, found);
	check(result, 'InitializeResponse', 'result');
	const capabilities = result.agentCapabilities;
	check(capabilities, 'AgentCapabilities', 'result.agentCapabilities');
	check(capabilities?.promptCapabilities, 'PromptCapabilities', 'result.agentCapabilities.promptCapabilities');
	check(capabilities?.mcpCapabilities, 'McpCapabilities', 'result.agentCapabilities.mcpCapabilities');
	check(capabilities?.sessionCapabilities, 'SessionCapabilities', 'result.agentCapabilities.sessionCapabilities');
	check(capabilities?.auth, 'AgentAuthCapabilities', 'result.agentCapabilities.auth');
	check(result.agentInfo, 'Implementation', 'result.agentInfo');
	return found;
}
