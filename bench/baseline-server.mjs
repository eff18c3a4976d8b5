// The yardstick for "the full server keeps at least half the throughput of plain node:http":
// a bare node:http server answering the same JSON, in its own process like the real server.
// Usage: node bench/baseline-server.mjs <file with the JSON body>; prints its port when listening.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const server = createServer((_request, response) => {
  const json = JSON.stringify(body);
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  response.end(json);
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
