// The agent's session/request_permission as a dialog the person answers: one button per
// option, or cancel. Closed (answered "cancelled") when the agent withdraws the request.

import { el, fill, hook } from './dom.js';
import { contentText } from './turn-view.js';

export class PermissionDialog {
	constructor(root) {
		this.dialog = hook('permission-dialog', root);
		this.open = new Map();
	}

	/** Asks the person; resolves with the RequestPermissionResponse. */
	ask(params, request) {
		return new Promise((resolve) => {
			const answer = (outcome) => {
				this.open.delete(String(request.id));
				this.dialog.close();
				resolve({ outcome });
			};
			const toolCall = params.toolCall ?? {};
			const options = Array.isArray(params.options) ? params.options : [];
			fill(this.dialog,
				el('h3', { text: 'The agent asks for permission' }),
				el('p', { class: 'title', text: String(toolCall.title ?? toolCall.toolCallId ?? '') }),
				toolCall.kind ? el('p', { class: 'tag', text: String(toolCall.kind) }) : null,
				(Array.isArray(toolCall.content) ? toolCall.content : [])
					.map((item) => el('p', { text: item?.type === 'content' ? contentText(item.content) : JSON.stringify(item) })),
				el('div', { class: 'options' },
					options.map((option) => el('button', { test: 'permission-option', type: 'button',
						class: String(option.kind ?? ''), 'data-option-id': String(option.optionId),
						text: String(option.name ?? option.optionId),
						onclick: () => answer({ outcome: 'selected', optionId: option.optionId }) })),
					el('button', { test: 'permission-cancel', type: 'button', class: 'secondary', text: 'Cancel',
						onclick: () => answer({ outcome: 'cancelled' }) })));
			this.open.set(String(request.id), () => answer({ outcome: 'cancelled' }));
			this.dialog.show();
		});
	}

	/** The agent withdrew request `requestId` ($/cancel_request). */
	withdraw(requestId) {
		this.open.get(String(requestId))?.();
	}
}
