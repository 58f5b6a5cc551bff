// Runs a Node server script (the first argument; the rest are its own) and prints "listening on <port>" to standard
// output once its HTTP server listens, so that a test can start it with --port=0 and learn the port the system chose.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const listen = http.Server.prototype.listen;
http.Server.prototype.listen = function (...args) {
  this.once('listening', () => console.log(`listening on ${this.address().port}`));
  return listen.apply(this, args);
};
const script = process.argv[2];
process.argv.splice(2, 1);
await import(pathToFileURL(path.resolve(script)).href);
