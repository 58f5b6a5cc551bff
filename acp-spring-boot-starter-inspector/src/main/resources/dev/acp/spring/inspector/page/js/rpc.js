// The JSON-RPC 2.0 client side of one ACP connection: numbers requests, pairs each answer
// with its request (method, latency), answers the agent's requests with the registered
// handlers (-32601 for the others) and hands notifications to listeners. Every frame, both
// ways, goes to `observer.frame(direction, frame, info)`; bridge control messages
// ({"inspector": ...}) to `observer.control(message)`.

export const METHOD_NOT_FOUND = -32601;

export class RpcError extends Error {
	constructor(code, message, data) {
		super(message);
		this.code = code;
		this.data = data;
	}
}

export class JsonRpcClient {
	constructor(transport, observer) {
		this.transport = transport;
		this.observer = observer;
		this.nextId = 1;
		this.pending = new Map();
		this.handlers = new Map();
		this.listeners = new Set();
		this.stats = new Map();
		this.unpaired = 0;
		transport.onmessage = (text) => this.receive(text);
	}

	/** Serves the agent's requests of `method` with `handler(params, request)` (a value or a promise). */
	handle(method, handler) {
		this.handlers.set(method, handler);
	}

	/** Calls `listener(method, params)` for each notification of the agent. */
	listen(listener) {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	/** Sends a request; resolves with the answer frame (its `result` or its `error`). */
	request(method, params, sessionId = sessionOf(params)) {
		const id = this.nextId++;
		const frame = { jsonrpc: '2.0', id, method };
		if (params !== undefined) {
			frame.params = params;
		}
		return new Promise((resolve, reject) => {
			this.pending.set(id, { method, resolve, started: performance.now() });
			this.send(frame, sessionId, { method }).catch((error) => {
				this.pending.delete(id);
				reject(error);
			});
		});
	}

	/** Sends a notification. */
	notify(method, params, sessionId = sessionOf(params)) {
		const frame = { jsonrpc: '2.0', method };
		if (params !== undefined) {
			frame.params = params;
		}
		return this.send(frame, sessionId, { method });
	}

	async send(frame, sessionId, info) {
		this.observer.frame('out', frame, info);
		await this.transport.send(JSON.stringify(frame), sessionId);
	}

	receive(text) {
		let message;
		try {
			message = JSON.parse(text);
		}
		catch {
			this.observer.frame('in', text, { method: null, error: 'not JSON' });
			return;
		}
		if (message && typeof message === 'object' && !Array.isArray(message) && 'inspector' in message) {
			this.observer.control(message);
			return;
		}
		for (const one of Array.isArray(message) ? message : [message]) {
			this.dispatch(one);
		}
	}

	dispatch(message) {
		if (message === null || typeof message !== 'object') {
			this.observer.frame('in', message, { method: null });
			return;
		}
		if (typeof message.method === 'string' && 'id' in message) {
			this.observer.frame('in', message, { method: message.method });
			this.serve(message);
		}
		else if (typeof message.method === 'string') {
			this.observer.frame('in', message, { method: message.method });
			for (const listener of this.listeners) {
				listener(message.method, message.params ?? {});
			}
		}
		else {
			const call = this.pending.get(message.id);
			this.pending.delete(message.id);
			const latency = call ? performance.now() - call.started : null;
			if (call) {
				this.record(call.method, latency);
			}
			else {
				this.unpaired++;
			}
			this.observer.frame('in', message, { method: call?.method ?? null, answer: true, latency });
			call?.resolve(message);
		}
	}

	async serve(request) {
		const handler = this.handlers.get(request.method);
		const sessionId = sessionOf(request.params);
		let answer;
		try {
			if (!handler) {
				throw new RpcError(METHOD_NOT_FOUND, 'Method not found', { method: request.method });
			}
			answer = { jsonrpc: '2.0', id: request.id, result: (await handler(request.params ?? {}, request)) ?? {} };
		}
		catch (error) {
			const code = Number.isInteger(error.code) ? error.code : -32603;
			answer = { jsonrpc: '2.0', id: request.id, error: { code, message: error.message || 'Internal error' } };
			if (error.data !== undefined) {
				answer.error.data = error.data;
			}
		}
		this.send(answer, sessionId, { method: request.method, answer: true }).catch(() => {});
	}

	record(method, latency) {
		const stat = this.stats.get(method) ?? { count: 0, total: 0, max: 0 };
		stat.count++;
		stat.total += latency;
		stat.max = Math.max(stat.max, latency);
		this.stats.set(method, stat);
	}

	close() {
		this.transport.close();
		for (const call of this.pending.values()) {
			call.resolve({ jsonrpc: '2.0', error: { code: -32000, message: 'Disconnected' } });
		}
		this.pending.clear();
	}
}

function sessionOf(params) {
	return params && typeof params === 'object' && typeof params.sessionId === 'string' ? params.sessionId : undefined;
}
