/**
 * A raw HTTP/1.1 exchange over a socket: the only way to send what fetch refuses (CR/LF, bad
 * framing, odd methods). Used by the mock's battery (test/mock) and its load benchmark.
 */
import { connect } from "node:net";

export interface WireAnswer {
  status: number;
  headers: Map<string, string>;
  body: Buffer;
  ms: number;
}

/**
 * Sends raw bytes and reads one HTTP answer. The default wait is a hang detector, not a speed
 * limit: three times the mock's own handler limit (5 s), since a 2 s default failed tests on a
 * loaded machine while the mock was healthy. Speed is measured by npm run bench, which passes its own.
 */
export function sendWire(port: number, bytes: Buffer, timeoutMs = 15_000): Promise<WireAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, "127.0.0.1");
    /** The bytes after any interim 1xx answers (100 Continue). */
    const final = () => {
      let data = Buffer.concat(chunks);
      while (/^HTTP\/1\.1 1\d\d/.test(data.subarray(0, 12).toString("latin1"))) {
        const end = data.indexOf("\r\n\r\n");
        if (end < 0) break;
        data = data.subarray(end + 4);
      }
      return data;
    };
    const done = (error?: Error) => {
      clearTimeout(timer);
      socket.destroy();
      const data = final();
      const end = data.indexOf("\r\n\r\n");
      const m = /^HTTP\/1\.1 (\d{3})/.exec(data.subarray(0, Math.max(end, 0)).toString("latin1"));
      if (end < 0 || !m) return reject(error ?? new Error(`no HTTP answer (${data.length} bytes received)`));
      const headers = new Map<string, string>();
      for (const line of data.subarray(0, end).toString("latin1").split("\r\n").slice(1)) {
        const i = line.indexOf(":");
        if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
      }
      const length = Number(headers.get("content-length") ?? data.length - end - 4);
      resolve({ status: Number(m[1]), headers, body: data.subarray(end + 4, end + 4 + length), ms: performance.now() - started });
    };
    const timer = setTimeout(() => done(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on("data", (c) => {
      chunks.push(c);
      // Answer complete once the declared body has arrived (the server may keep the socket open).
      const data = final();
      const end = data.indexOf("\r\n\r\n");
      const cl = /\r\ncontent-length: *(\d+)/i.exec(data.subarray(0, Math.max(end, 0)).toString("latin1"));
      if (end >= 0 && cl && data.length >= end + 4 + Number(cl[1])) done();
    });
    socket.on("end", () => done());
    socket.on("close", () => done());
    // Writing the rest of a refused body may fail once the server has answered and closed: not our concern.
    socket.on("error", (e) => (chunks.length > 0 ? done() : done(e)));
    socket.write(bytes);
  });
}
