// Reads a server-sent event stream from a fetch body (not EventSource, which cannot send
// an Authorization header) and hands each event's data to `onData`.

export async function readEvents(body, onData) {
	const reader = body.pipeThrough(new TextDecoderStream()).getReader();
	let buffer = '';
	let data = [];
	for (;;) {
		const { value, done } = await reader.read();
		if (done) {
			return;
		}
		buffer += value;
		let end;
		while ((end = buffer.search(/\r\n|\r|\n/)) >= 0) {
			const line = buffer.slice(0, end);
			buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
			if (line === '') {
				if (data.length > 0) {
					onData(data.join('\n'));
					data = [];
				}
				continue;
			}
			if (line.startsWith(':')) {
				continue;
			}
			const colon = line.indexOf(':');
			const field = colon < 0 ? line : line.slice(0, colon);
			let text = colon < 0 ? '' : line.slice(colon + 1);
			if (text.startsWith(' ')) {
				text = text.slice(1);
			}
			if (field === 'data') {
				data.push(text);
			}
		}
	}
}
