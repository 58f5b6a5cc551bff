// The Streamable HTTP transport: POST each message; initialize answers in its body and
// names the connection (Acp-Connection-Id); the agent's messages come on event streams
// read with fetch (GET, Accept: text/event-stream), one for the connection and one per
// session, opened before the first message of that session is posted.

import { readEvents } from './sse.js';

export class StreamableHttpTransport {
	constructor(url, token) {
		this.url = url;
		this.token = token;
		this.connectionId = null;
		this.streams = new Map();
		this.aborts = new AbortController();
		this.closed = false;
		this.onmessage = () => {};
		this.onclose = () => {};
	}

	async open() {
		// the connection starts with the POST of initialize
	}

	headers(extra = {}) {
		const headers = { ...extra };
		if (this.token) {
			headers.Authorization = `Bearer ${this.token}`;
		}
		if (this.connectionId) {
			headers['Acp-Connection-Id'] = this.connectionId;
		}
		return headers;
	}

	async send(text, sessionId) {
		if (this.connectionId && sessionId) {
			await this.sessionStream(sessionId);
		}
		const headers = this.headers({ 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' });
		if (sessionId) {
			headers['Acp-Session-Id'] = sessionId;
		}
		const response = await fetch(this.url, { method: 'POST', headers, body: text, signal: this.aborts.signal });
		const body = await response.text();
		if (!this.connectionId && response.headers.get('Acp-Connection-Id')) {
			this.connectionId = response.headers.get('Acp-Connection-Id');
			await this.stream(null);
		}
		if (body.trim().startsWith('{') || body.trim().startsWith('[')) {
			this.onmessage(body);
		}
		else if (!response.ok) {
			throw new Error(`HTTP ${response.status}${body ? ': ' + body.slice(0, 200) : ''}`);
		}
	}

	sessionStream(sessionId) {
		if (!this.streams.has(sessionId)) {
			this.streams.set(sessionId, this.stream(sessionId));
		}
		return this.streams.get(sessionId);
	}

	/** Opens an event stream; resolves once its answer's headers arrived. */
	async stream(sessionId) {
		const headers = this.headers({ Accept: 'text/event-stream' });
		if (sessionId) {
			headers['Acp-Session-Id'] = sessionId;
		}
		const response = await fetch(this.url, { headers, signal: this.aborts.signal });
		if (!response.ok || !response.body) {
			throw new Error(`The event stream answered HTTP ${response.status}`);
		}
		readEvents(response.body, (data) => this.onmessage(data))
			.then(() => this.ended(sessionId, 'ended'))
			.catch((error) => this.ended(sessionId, error.message));
	}

	ended(sessionId, why) {
		if (this.closed) {
			return;
		}
		if (sessionId) {
			this.streams.delete(sessionId);
		}
		else {
			this.onclose(`the connection's event stream ${why}`);
		}
	}

	close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		if (this.connectionId) {
			fetch(this.url, { method: 'DELETE', headers: this.headers() }).catch(() => {});
		}
		this.aborts.abort();
	}
}
