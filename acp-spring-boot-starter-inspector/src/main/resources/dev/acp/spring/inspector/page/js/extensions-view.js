// The extensions an agent advertises in agentCapabilities._meta (one key per namespace:
// version, uri, required, methods, notifications, schemas.<method>.params, more keys), a
// form per method generated from its params schema (always with the raw JSON), and a raw
// call of any method.

import { el, hook, pretty, clear } from './dom.js';
import { schemaFields } from './schema-form.js';

export function advertisedExtensions(initializeResult) {
	const meta = (initializeResult?.agentCapabilities ?? initializeResult?.capabilities)?._meta;
	if (!meta || typeof meta !== 'object') {
		return [];
	}
	return Object.entries(meta)
		.filter(([, entry]) => entry && typeof entry === 'object' && !Array.isArray(entry))
		.map(([uri, entry]) => ({
			uri,
			entry,
			methods: stringsOf(entry.methods),
			notifications: stringsOf(entry.notifications),
			schemas: entry.schemas && typeof entry.schemas === 'object' ? entry.schemas : {},
		}));
}

function stringsOf(value) {
	return Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];
}

export class ExtensionsView {
	constructor(root, connection) {
		this.list = hook('extensions', root);
		this.raw = hook('raw-call', root);
		this.connection = connection;
	}

	show(initializeResult) {
		clear(this.list);
		const extensions = advertisedExtensions(initializeResult);
		if (extensions.length === 0) {
			this.list.append(el('p', { class: 'empty', text: 'No extension advertised.' }));
		}
		for (const extension of extensions) {
			this.list.append(this.extension(extension));
		}
		this.raw.replaceChildren(this.form(null, {}, 'request'));
	}

	clear() {
		clear(this.list);
		clear(this.raw);
	}

	extension({ uri, entry, methods, notifications, schemas }) {
		const known = new Set(['methods', 'notifications', 'schemas', 'version', 'uri', 'required']);
		const extra = Object.fromEntries(Object.entries(entry).filter(([key]) => !known.has(key)));
		return el('section', { test: 'extension', class: 'extension', 'data-uri': uri },
			el('h3', {}, el('span', { text: uri }),
				entry.version != null ? el('span', { class: 'tag', text: `v${entry.version}` }) : null,
				entry.required === true ? el('span', { class: 'tag', text: 'required' }) : null),
			typeof entry.uri === 'string' ? el('p', { class: 'uri', text: entry.uri }) : null,
			Object.keys(extra).length > 0 ? el('pre', { class: 'extra', text: pretty(extra) }) : null,
			methods.map((method) => this.form(method, schemas[method]?.params, 'request')),
			notifications.map((method) => this.form(method, schemas[method]?.params, 'notification')));
	}

	/** A form for `method` (null: the raw call, the method typed in). */
	form(method, schema, kind) {
		const raw = el('textarea', { test: 'raw-params', class: 'json', rows: 2, value: '{}', spellcheck: 'false' });
		const result = el('pre', { test: 'call-result', class: 'call-result' });
		const methodInput = method == null
			? el('input', { test: 'raw-method', type: 'text', placeholder: 'method, e.g. session/prompt' })
			: null;
		const fields = schema && typeof schema === 'object'
			? schemaFields(schema, (value) => {
				raw.value = pretty(value);
			})
			: null;
		const call = el('button', { test: 'call', type: 'submit', text: kind === 'notification' ? 'Send' : 'Call' });
		const form = el('form', { test: 'method-form', class: 'method-form', 'data-method': method ?? 'raw',
			'data-kind': kind },
			el('h4', { text: method ?? 'Any method' },
				el('span', { class: 'tag', text: kind })),
			methodInput,
			fields ? fields.node : null,
			el('label', { class: 'field' }, el('span', { class: 'name', text: 'params (JSON)' }), raw),
			call, result);
		form.addEventListener('submit', async (event) => {
			event.preventDefault();
			const name = method ?? methodInput.value.trim();
			let params;
			try {
				params = raw.value.trim() === '' ? undefined : JSON.parse(raw.value);
			}
			catch (error) {
				result.dataset.outcome = 'bad-json';
				result.textContent = `The params are not JSON: ${error.message}`;
				return;
			}
			if (!name) {
				result.textContent = 'Name a method.';
				return;
			}
			result.dataset.outcome = 'waiting';
			result.textContent = '…';
			const rpc = this.connection();
			if (!rpc) {
				result.textContent = 'Not connected.';
				return;
			}
			try {
				if (kind === 'notification') {
					await rpc.notify(name, params);
					result.dataset.outcome = 'sent';
					result.textContent = 'sent (a notification has no answer)';
					return;
				}
				const answer = await rpc.request(name, params);
				result.dataset.outcome = 'error' in answer ? 'error' : 'result';
				result.textContent = pretty('error' in answer ? { error: answer.error } : answer.result);
			}
			catch (error) {
				result.dataset.outcome = 'failed';
				result.textContent = error.message;
			}
		});
		return form;
	}
}
