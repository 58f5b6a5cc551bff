// Calls onLine with each complete line (without its '\n') of a readable stream of text, as it arrives.
export function eachLine(stream, onLine) {
  let partial = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    partial += chunk;
    let newline;
    while ((newline = partial.indexOf('\n')) >= 0) {
      const line = partial.slice(0, newline);
      partial = partial.slice(newline + 1);
      onLine(line);
    }
  });
}
