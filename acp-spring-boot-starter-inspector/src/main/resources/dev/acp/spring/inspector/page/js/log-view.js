// The traffic log: every frame both ways with its time, the request it answers and the
// latency, each checked by the validator (violations marked), and per-method latency.

import { el, hook, clear } from './dom.js';

export class LogView {
	constructor(root, validator) {
		this.list = hook('log', root);
		this.latency = hook('log-latency', root);
		this.validator = validator;
		hook('log-clear', root).addEventListener('click', () => clear(this.list));
	}

	/** Adds a frame; `info`: method, answer (a response), latency (ms), served (by the bridge). */
	add(direction, frame, info = {}) {
		const method = info.method ?? '';
		const kind = kindOf(frame);
		const entry = el('li', {
			test: 'log-entry',
			class: `log-entry ${direction}`,
			'data-direction': direction,
			'data-method': method,
			'data-kind': kind,
			'data-id': frame && typeof frame === 'object' && 'id' in frame ? String(frame.id) : null,
			'data-valid': 'pending',
		});
		const summary = el('summary', {},
			el('time', { text: timestamp() }),
			el('span', { class: 'arrow', text: direction === 'out' ? '→' : '←' }),
			el('span', { class: 'method', text: label(frame, method, kind) }),
			info.latency != null ? el('span', { class: 'latency', text: `${info.latency.toFixed(1)} ms` }) : null,
			info.served ? el('span', { class: 'tag', text: 'served by the bridge' }) : null,
			info.error ? el('span', { class: 'tag bad', text: info.error }) : null,
			el('span', { class: 'validity', text: '…' }));
		entry.append(el('details', {}, summary,
			el('pre', { text: typeof frame === 'string' ? frame : JSON.stringify(frame, null, 2) })));
		this.append(entry);
		this.showLatency(info.stats);
		if (typeof frame !== 'object' || frame === null) {
			this.mark(entry, { valid: false, errors: ['not a JSON-RPC message'] });
			return;
		}
		const from = direction === 'out' ? 'client' : 'agent';
		const answering = info.answer ? method : null;
		this.validator.validate(from, frame, answering).then((result) => this.mark(entry, result));
	}

	mark(entry, result) {
		const validity = entry.querySelector('.validity');
		if (result.valid && result.unchecked) {
			entry.dataset.valid = 'unchecked';
			validity.textContent = `unchecked: ${result.unchecked}`;
			return;
		}
		entry.dataset.valid = String(Boolean(result.valid));
		validity.textContent = result.valid ? 'valid' : 'invalid';
		for (const error of result.errors ?? []) {
			entry.append(el('div', { test: 'log-violation', class: 'violation', text: error }));
		}
	}

	/** Adds a line that is not a frame (the agent's standard error, its exit). */
	note(text, kind = 'note') {
		this.append(el('li', { class: `log-note ${kind}`, 'data-kind': kind },
			el('time', { text: timestamp() }), el('span', { text })));
	}

	/** Appends a line, following the end of the log unless the person scrolled back. */
	append(node) {
		const following = this.list.scrollHeight - this.list.scrollTop - this.list.clientHeight < 40;
		this.list.append(node);
		if (following) {
			this.list.scrollTop = this.list.scrollHeight;
		}
	}

	showLatency(stats) {
		if (!stats) {
			return;
		}
		const rows = [...stats.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([method, stat]) =>
			el('tr', { 'data-method': method },
				el('td', { text: method }), el('td', { text: String(stat.count) }),
				el('td', { text: (stat.total / stat.count).toFixed(1) }), el('td', { text: stat.max.toFixed(1) })));
		this.latency.replaceChildren(...rows);
	}
}

function kindOf(frame) {
	if (frame === null || typeof frame !== 'object') {
		return 'invalid';
	}
	if ('method' in frame) {
		return 'id' in frame ? 'request' : 'notification';
	}
	return 'error' in frame ? 'error' : 'result';
}

function label(frame, method, kind) {
	const id = frame && typeof frame === 'object' && 'id' in frame ? ` #${frame.id}` : '';
	switch (kind) {
		case 'request': return `${method}${id}`;
		case 'notification': return `${method}${updateKind(frame)}`;
		case 'result': return `answer${id}${method ? ' to ' + method : ''}`;
		case 'error': return `error ${frame.error?.code ?? ''}${id}${method ? ' to ' + method : ''}`;
		default: return 'not JSON-RPC';
	}
}

function updateKind(frame) {
	const update = frame.params?.update?.sessionUpdate;
	return typeof update === 'string' ? ` (${update})` : '';
}

function timestamp() {
	const now = new Date();
	return now.toISOString().slice(11, 23);
}
