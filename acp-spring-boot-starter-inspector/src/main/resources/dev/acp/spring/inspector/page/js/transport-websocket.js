// The WebSocket transport: one text message is one JSON-RPC message.

export class WebSocketTransport {
	constructor(url) {
		this.url = url;
		this.onmessage = () => {};
		this.onclose = () => {};
		this.socket = null;
	}

	open() {
		return new Promise((resolve, reject) => {
			const socket = new WebSocket(this.url);
			this.socket = socket;
			let opened = false;
			socket.onopen = () => {
				opened = true;
				resolve();
			};
			socket.onerror = () => {
				if (!opened) {
					reject(new Error('The WebSocket did not open'));
				}
			};
			socket.onmessage = (event) => this.onmessage(String(event.data));
			socket.onclose = (event) => {
				if (opened) {
					this.onclose(`closed (${event.code}${event.reason ? ' ' + event.reason : ''})`);
				}
			};
		});
	}

	async send(text) {
		if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
			throw new Error('The WebSocket is not open');
		}
		this.socket.send(text);
	}

	close() {
		this.socket?.close(1000);
	}
}
