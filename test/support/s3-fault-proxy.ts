import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';

/**
 * How the S3 endpoint behaves:
 * - 'up': every request goes through to the real S3-compatible server, unchanged;
 * - 'down': nothing listens on the port (connections are refused);
 * - 'error': every request is answered 500 InternalError, as S3 does when it fails;
 * - 'silent': requests are read and never answered (a hung or overloaded server).
 */
export type S3Behaviour = 'up' | 'down' | 'error' | 'silent';

export interface S3FaultProxy {
  /** The endpoint to give ChairFill (S3_ENDPOINT). */
  endpoint: string;
  /** How many requests reached the proxy, by behaviour at the time. */
  requests: Record<Exclude<S3Behaviour, 'down'>, number>;
  behaviour(): S3Behaviour;
  /** Switches behaviour; 'down' closes the port, any other reopens it on the same port. */
  set(behaviour: S3Behaviour): Promise<void>;
  close(): Promise<void>;
}

const INTERNAL_ERROR_XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>InternalError</Code>' +
  '<Message>We encountered an internal error. Please try again.</Message></Error>';

/**
 * A loopback HTTP endpoint in front of a real S3-compatible server (s3rver) that can be made
 * unreachable, failing or silent on demand. Requests pass through byte for byte with their
 * headers (the Host header included, so request signatures still verify upstream).
 */
export async function startS3FaultProxy(upstream: string): Promise<S3FaultProxy> {
  const target = new URL(upstream);
  const sockets = new Set<Socket>();
  const requests = { up: 0, error: 0, silent: 0 };
  let behaviour: S3Behaviour = 'up';
  let server: Server | null = null;
  let port = 0;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (behaviour === 'down') {
      req.socket.destroy();
      return;
    }
    requests[behaviour] += 1;
    if (behaviour === 'error') {
      req.resume();
      req.on('end', () => {
        res.writeHead(500, { 'content-type': 'application/xml' });
        res.end(INTERNAL_ERROR_XML);
      });
      return;
    }
    if (behaviour === 'silent') {
      req.resume(); // read the body, never answer
      return;
    }
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(handle);
      next.on('connection', (socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as { port: number }).port;
        server = next;
        resolve();
      });
    });

  const shut = async () => {
    const current = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    get endpoint() {
      return `http://127.0.0.1:${port}`;
    },
    requests,
    behaviour: () => behaviour,
    async set(next) {
      // Connections kept alive from the previous behaviour do not carry over.
      for (const socket of sockets) socket.destroy();
      behaviour = next;
      if (next === 'down') await shut();
      else if (!server) await listen();
    },
    close: shut,
  };
}
