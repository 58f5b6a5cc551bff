// Fields generated from a params JSON schema (string, number, integer, boolean, enum,
// object; anything else as a JSON box). The fields write the raw JSON textarea, which is
// what is sent: the person may edit it directly too.

import { el } from './dom.js';

/**
 * Builds the fields of `schema` (resolving local $refs against `root`) and calls
 * `changed(value)` with the object they describe whenever one changes.
 */
export function schemaFields(schema, changed, root = schema) {
	const read = objectFields(resolve(schema, root), root, '', changed);
	return { node: read.node, value: read.value };
}

function objectFields(schema, root, path, changed) {
	const properties = schema.properties ?? {};
	const required = new Set(schema.required ?? []);
	const readers = [];
	const box = el('div', { class: 'fields' });
	for (const [name, raw] of Object.entries(properties)) {
		const property = resolve(raw, root);
		const field = fieldFor(property, root, `${path}${name}`, () => changed(value()));
		readers.push([name, field.value]);
		box.append(el('label', { class: 'field', 'data-field': `${path}${name}` },
			el('span', { class: 'name', text: required.has(name) ? `${name} *` : name }),
			field.node,
			property.description ? el('small', { text: property.description }) : null));
	}
	function value() {
		const object = {};
		for (const [name, read] of readers) {
			const v = read();
			if (v !== undefined) {
				object[name] = v;
			}
		}
		return object;
	}
	return { node: box, value };
}

function fieldFor(schema, root, path, changed) {
	const type = typeOf(schema);
	if (Array.isArray(schema.enum)) {
		const select = el('select', { onchange: changed },
			el('option', { value: '', text: '(none)' }),
			schema.enum.map((option) => el('option', { value: JSON.stringify(option), text: String(option) })));
		return { node: select, value: () => (select.value === '' ? undefined : JSON.parse(select.value)) };
	}
	if (type === 'boolean') {
		const select = el('select', { onchange: changed },
			el('option', { value: '', text: '(none)' }), el('option', { value: 'true', text: 'true' }),
			el('option', { value: 'false', text: 'false' }));
		return { node: select, value: () => (select.value === '' ? undefined : select.value === 'true') };
	}
	if (type === 'number' || type === 'integer') {
		const input = el('input', { type: 'number', step: type === 'integer' ? '1' : 'any', oninput: changed,
			min: schema.minimum, max: schema.maximum });
		return { node: input, value: () => (input.value === '' ? undefined : Number(input.value)) };
	}
	if (type === 'string') {
		const input = el('input', { type: 'text', oninput: changed, placeholder: schema.format ?? schema.pattern });
		return { node: input, value: () => (input.value === '' ? undefined : input.value) };
	}
	if (type === 'object' && schema.properties) {
		const nested = objectFields(schema, root, `${path}.`, changed);
		return { node: el('fieldset', {}, nested.node), value: () => {
			const v = nested.value();
			return Object.keys(v).length === 0 ? undefined : v;
		} };
	}
	const box = el('textarea', { rows: 2, class: 'json', placeholder: type ?? 'JSON', oninput: changed });
	return { node: box, value: () => {
		try {
			return box.value.trim() === '' ? undefined : JSON.parse(box.value);
		}
		catch {
			return undefined;
		}
	} };
}

function typeOf(schema) {
	const type = schema.type;
	if (Array.isArray(type)) {
		return type.find((t) => t !== 'null');
	}
	return type ?? (schema.properties ? 'object' : undefined);
}

function resolve(schema, root) {
	let current = schema ?? {};
	for (let depth = 0; depth < 16 && typeof current.$ref === 'string' && current.$ref.startsWith('#/'); depth++) {
		let target = root;
		for (const part of current.$ref.slice(2).split('/')) {
			target = target?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
		}
		current = target ?? {};
	}
	const variants = current.anyOf ?? current.oneOf;
	if (!current.type && Array.isArray(variants)) {
		const concrete = variants.map((v) => resolve(v, root)).find((v) => v.type !== 'null');
		return concrete ?? current;
	}
	return current;
}
