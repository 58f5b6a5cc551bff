// Sessions: new (cwd, MCP servers JSON), list, load, resume, close; the current one.

import { el, hook, pretty, clear } from './dom.js';

export class SessionsView {
	constructor(root, connection, events) {
		this.root = root;
		this.connection = connection;
		this.events = events;
		this.cwd = hook('session-cwd', root);
		this.mcpServers = hook('session-mcp', root);
		this.list = hook('session-list', root);
		this.current = hook('session-id', root);
		this.error = hook('session-error', root);
		this.sessionId = null;
		hook('session-new', root).addEventListener('click', () => this.run(() => this.create()));
		hook('session-refresh', root).addEventListener('click', () => this.run(() => this.refresh()));
	}

	async run(action) {
		this.error.textContent = '';
		try {
			await action();
		}
		catch (error) {
			this.error.textContent = error.message;
		}
	}

	servers() {
		const servers = JSON.parse(this.mcpServers.value.trim() || '[]');
		if (!Array.isArray(servers)) {
			throw new Error('MCP servers must be a JSON array');
		}
		return servers;
	}

	async call(method, params) {
		const rpc = this.connection();
		if (!rpc) {
			throw new Error('Not connected.');
		}
		const answer = await rpc.request(method, params);
		if (answer.error) {
			throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
		}
		return answer.result ?? {};
	}

	async create() {
		const result = await this.call('session/new', { cwd: this.cwd.value, mcpServers: this.servers() });
		this.select(result.sessionId, result);
	}

	async refresh() {
		const result = await this.call('session/list', {});
		clear(this.list);
		for (const session of Array.isArray(result.sessions) ? result.sessions : []) {
			const id = String(session.sessionId);
			this.list.append(el('li', { 'data-session-id': id },
				el('span', { class: 'id', text: id }),
				el('span', { class: 'meta', text: [session.title, session.cwd, session.updatedAt].filter(Boolean).join(' · ') }),
				el('button', { type: 'button', 'data-action': 'load', text: 'Load',
					onclick: () => this.run(() => this.open('session/load', id, session.cwd)) }),
				el('button', { type: 'button', 'data-action': 'resume', text: 'Resume',
					onclick: () => this.run(() => this.open('session/resume', id, session.cwd)) }),
				el('button', { type: 'button', 'data-action': 'close', class: 'secondary', text: 'Close',
					onclick: () => this.run(() => this.close(id)) })));
		}
		if (!this.list.firstChild) {
			this.list.append(el('li', { class: 'empty', text: 'No session.' }));
		}
	}

	async open(method, sessionId, cwd) {
		// the history a load replays is shown as the turn
		this.select(sessionId, null);
		const result = await this.call(method, { sessionId, cwd: cwd ?? this.cwd.value, mcpServers: this.servers() });
		this.events.opened?.(sessionId, result);
	}

	async close(sessionId) {
		await this.call('session/close', { sessionId });
		if (this.sessionId === sessionId) {
			this.select(null, null);
		}
		await this.refresh();
	}

	select(sessionId, result) {
		this.sessionId = sessionId;
		this.current.textContent = sessionId ?? '';
		this.current.title = result ? pretty(result) : '';
		this.events.selected(sessionId);
	}

	reset() {
		clear(this.list);
		this.select(null, null);
	}
}
