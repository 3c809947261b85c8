/** A trivial loopback server for the client-overhead benchmark, in its own process so it does not share the client's event loop. */
import { createServer } from "node:http";

const body = JSON.stringify({ metadata: { collectionType: "x", collectionTotal: 0 }, resources: [], success: 1, data: "https://x.example", access_token: "a", token_type: "Bearer", expires_in: 3600 });
const server = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body));
});
server.listen(0, "127.0.0.1", () => {
  process.send!((server.address() as { port: number }).port);
});
