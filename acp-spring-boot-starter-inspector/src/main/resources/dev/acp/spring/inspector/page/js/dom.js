// Builds elements. Text always goes in as text (textContent / text nodes), never as HTML:
// everything an agent sends is shown as it is.

/**
 * Creates an element. `attrs`: `text` sets the text, `test` the data-test hook, `onX` adds a
 * listener, `data-*` and other names set attributes (null / false leave them out).
 */
export function el(tag, attrs = {}, ...children) {
	const node = document.createElement(tag);
	for (const [name, value] of Object.entries(attrs)) {
		if (value == null || value === false) {
			continue;
		}
		if (name === 'text') {
			node.textContent = String(value);
		}
		else if (name === 'test') {
			node.dataset.test = value;
		}
		else if (name.startsWith('on') && typeof value === 'function') {
			node.addEventListener(name.slice(2), value);
		}
		else if (name === 'value') {
			node.value = value;
		}
		else {
			node.setAttribute(name, value === true ? '' : String(value));
		}
	}
	node.append(...present(children));
	return node;
}

/** Replaces the children of `node` (arrays are flattened, null and undefined left out). */
export function fill(node, ...children) {
	node.replaceChildren(...present(children));
	return node;
}

function present(children) {
	return children.flat(Infinity).filter((child) => child != null && child !== false);
}

/** The element with this data-test hook under `root`. */
export function hook(name, root = document) {
	return root.querySelector(`[data-test="${name}"]`);
}

/** Pretty JSON of any value. */
export function pretty(value) {
	return JSON.stringify(value, null, 2);
}

/** Removes every child of `node`. */
export function clear(node) {
	node.replaceChildren();
}
