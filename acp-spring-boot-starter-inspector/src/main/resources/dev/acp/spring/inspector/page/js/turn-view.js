// A prompt turn rendered as an editor shows it: the person's prompt, the agent's message
// and thought chunks, tool calls with their status and content (text, diffs, terminals),
// the plan, usage and the stop reason. Fed with the session/update notifications of the
// current session.

import { el, fill, hook, pretty, clear } from './dom.js';

export class TurnView {
	constructor(root) {
		this.turn = hook('turn', root);
		this.toolCalls = new Map();
		this.block = null;
	}

	clear() {
		clear(this.turn);
		this.toolCalls.clear();
		this.block = null;
	}

	prompt(text) {
		this.block = null;
		this.turn.append(el('div', { class: 'bubble user', test: 'user-message', text }));
	}

	update(update) {
		switch (update?.sessionUpdate) {
			case 'agent_message_chunk':
				return this.chunk('agent', 'message-chunk', update.content);
			case 'agent_thought_chunk':
				return this.chunk('thought', 'thought-chunk', update.content);
			case 'user_message_chunk':
				return this.chunk('user', 'user-chunk', update.content);
			case 'tool_call':
				return this.toolCall(update, true);
			case 'tool_call_update':
				return this.toolCall(update, false);
			case 'plan':
				return this.plan(update.entries ?? []);
			case 'usage_update':
				return this.usage(update);
			default:
				this.block = null;
				return this.turn.append(el('details', { class: 'info', 'data-update': String(update?.sessionUpdate) },
					el('summary', { text: String(update?.sessionUpdate ?? 'update') }), el('pre', { text: pretty(update) })));
		}
	}

	chunk(kind, test, content) {
		if (!this.block || this.block.dataset.kind !== kind) {
			this.block = el('div', { class: `bubble ${kind}`, 'data-kind': kind },
				kind === 'thought' ? el('span', { class: 'label', text: 'thinking' }) : null);
			this.turn.append(this.block);
		}
		this.block.append(el('span', { test, text: contentText(content) }));
	}

	toolCall(update, created) {
		this.block = null;
		const id = String(update.toolCallId ?? '');
		let card = this.toolCalls.get(id);
		if (!card) {
			card = {
				node: el('div', { test: 'tool-call', class: 'tool-call', 'data-tool-call-id': id }),
				state: {},
			};
			this.toolCalls.set(id, card);
			this.turn.append(card.node);
		}
		card.state = created ? { ...update } : { ...card.state, ...withoutNulls(update) };
		const state = card.state;
		card.node.dataset.status = state.status ?? 'pending';
		fill(card.node,
			el('div', { class: 'tool-head' },
				el('span', { class: `status ${state.status ?? 'pending'}`, text: state.status ?? 'pending' }),
				el('strong', { text: state.title ?? id }),
				state.kind ? el('span', { class: 'tag', text: state.kind }) : null),
			Array.isArray(state.locations) && state.locations.length > 0
				? el('div', { class: 'locations', text: state.locations.map((l) => l.line != null ? `${l.path}:${l.line}` : l.path).join(', ') })
				: null,
			state.rawInput !== undefined ? el('details', {}, el('summary', { text: 'input' }), el('pre', { text: pretty(state.rawInput) })) : null,
			(Array.isArray(state.content) ? state.content : []).map(toolContent),
			state.rawOutput !== undefined ? el('details', {}, el('summary', { text: 'output' }), el('pre', { text: pretty(state.rawOutput) })) : null);
	}

	plan(entries) {
		this.block = null;
		const node = el('ol', { test: 'plan', class: 'plan' },
			entries.map((entry) => el('li', { 'data-status': entry.status, class: entry.status },
				el('span', { class: 'status', text: entry.status ?? '' }), el('span', { text: contentText(entry.content) }),
				entry.priority ? el('span', { class: 'tag', text: entry.priority }) : null)));
		const existing = hook('plan', this.turn);
		if (existing) {
			existing.replaceWith(node);
		}
		else {
			this.turn.append(node);
		}
	}

	usage(value) {
		this.block = null;
		const text = Object.entries(withoutNulls(value)).filter(([key]) => key !== 'sessionUpdate')
			.map(([key, v]) => `${key}: ${typeof v === 'object' ? JSON.stringify(v) : v}`).join(' · ');
		const node = el('div', { test: 'usage', class: 'usage', text: `usage ${text}` });
		const existing = hook('usage', this.turn);
		if (existing) {
			existing.replaceWith(node);
		}
		else {
			this.turn.append(node);
		}
	}

	stopped(answer) {
		this.block = null;
		if (answer.error) {
			this.turn.append(el('div', { test: 'stop-reason', class: 'stop error', 'data-error': String(answer.error.code),
				text: `error ${answer.error.code}: ${answer.error.message}` }));
			return;
		}
		if (answer.result?.usage) {
			this.usage(answer.result.usage);
		}
		this.turn.append(el('div', { test: 'stop-reason', class: 'stop', text: String(answer.result?.stopReason ?? '') }));
	}
}

function toolContent(item) {
	if (item?.type === 'diff') {
		return diffView(item);
	}
	if (item?.type === 'terminal') {
		return el('div', { class: 'terminal', text: `terminal ${item.terminalId}` });
	}
	if (item?.type === 'content') {
		return el('div', { class: 'tool-content', text: contentText(item.content) });
	}
	return el('pre', { text: pretty(item) });
}

/** A diff: the lines between the common head and tail, old ones marked -, new ones +. */
function diffView({ path, oldText, newText }) {
	const before = oldText == null ? [] : String(oldText).split('\n');
	const after = String(newText ?? '').split('\n');
	let head = 0;
	while (head < before.length && head < after.length && before[head] === after[head]) {
		head++;
	}
	let tail = 0;
	while (tail < before.length - head && tail < after.length - head
		&& before[before.length - 1 - tail] === after[after.length - 1 - tail]) {
		tail++;
	}
	const lines = [
		...before.slice(Math.max(0, head - 2), head).map((l) => [' ', l]),
		...before.slice(head, before.length - tail).map((l) => ['-', l]),
		...after.slice(head, after.length - tail).map((l) => ['+', l]),
		...after.slice(after.length - tail, Math.min(after.length, after.length - tail + 2)).map((l) => [' ', l]),
	];
	return el('div', { test: 'diff', class: 'diff' },
		el('div', { class: 'path', text: oldText == null ? `${path} (new file)` : String(path) }),
		el('pre', {}, lines.map(([mark, line]) => el('span', { class: mark === '+' ? 'add' : mark === '-' ? 'del' : 'same', text: `${mark} ${line}\n` }))));
}

export function contentText(content) {
	if (content == null) {
		return '';
	}
	if (typeof content === 'string') {
		return content;
	}
	switch (content.type) {
		case 'text': return String(content.text ?? '');
		case 'resource_link': return `[${content.name ?? content.uri}](${content.uri})`;
		case 'resource': return String(content.resource?.text ?? content.resource?.uri ?? '');
		default: return `[${content.type ?? 'content'}]`;
	}
}

function withoutNulls(object) {
	return Object.fromEntries(Object.entries(object ?? {}).filter(([, v]) => v !== null && v !== undefined));
}
