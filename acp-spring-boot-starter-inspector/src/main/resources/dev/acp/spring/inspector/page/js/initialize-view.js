// What the initialize answer says: protocol version, agent info, capabilities, auth methods.

import { el, fill, hook, pretty, clear } from './dom.js';

export class InitializeView {
	constructor(root) {
		this.info = hook('agent-info', root);
	}

	clear() {
		clear(this.info);
	}

	show(result) {
		const info = result.agentInfo ?? result.info ?? {};
		const capabilities = result.agentCapabilities ?? result.capabilities ?? {};
		const withoutMeta = Object.fromEntries(Object.entries(capabilities).filter(([key]) => key !== '_meta'));
		fill(this.info,
			el('dl', {},
				el('dt', { text: 'agent' }), el('dd', { 'data-field': 'name', text: String(info.title ?? info.name ?? '(no agentInfo)') }),
				el('dt', { text: 'name' }), el('dd', { text: String(info.name ?? '') }),
				el('dt', { text: 'version' }), el('dd', { text: String(info.version ?? '') }),
				el('dt', { text: 'protocol' }), el('dd', { 'data-field': 'protocolVersion', text: String(result.protocolVersion) }),
				el('dt', { text: 'auth methods' }),
				el('dd', { text: (Array.isArray(result.authMethods) ? result.authMethods : []).map((m) => m.name ?? m.id).join(', ') || 'none' })),
			el('details', { open: true }, el('summary', { text: 'capabilities' }), el('pre', { text: pretty(withoutMeta) })));
	}
}

/** The params of initialize for `version`, with the client's capabilities. */
export function initializeParams(version, capabilities) {
	const info = { name: 'acp-inspector', title: 'ACP Inspector', version: '1' };
	if (version === 2) {
		return { protocolVersion: 2, info, capabilities };
	}
	return { protocolVersion: version, clientCapabilities: capabilities, clientInfo: info };
}
