import { createServer, type Server, type Socket } from 'node:net';

/** One message as the SMTP server accepted it (after the final "250" was written). */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The Message-ID header without its angle brackets, or '' when there was none. */
  messageId: string;
  subject: string;
  /** The whole message (headers and body) as sent after DATA, dot-unstuffed. */
  data: string;
}

export interface SmtpTestServer {
  port: number;
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every message accepted since the server was made, across stops and starts. */
  received: ReceivedMail[];
  /** How many connections were opened (a refused one while stopped is not counted). */
  connections(): number;
  /** Whether it is listening now. */
  listening(): boolean;
  /** Stops listening and drops open connections: the port refuses connections until start(). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /**
   * While set, every MAIL command is answered with this reply (for example '451 4.3.2 Try again
   * later': up, but refusing for now); null accepts again.
   */
  refuseWith(reply: string | null): void;
}

/**
 * A minimal SMTP server (RFC 5321: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no
 * authentication) on a loopback port, recording what it accepts. Enough for nodemailer's SMTP
 * transport; it can be stopped and started again on the same port to play an outage.
 */
export async function startSmtpTestServer(port = 0): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  let connectionCount = 0;
  let server: Server | null = null;
  let boundPort = port;
  let refusal: string | null = null;

  const handle = (socket: Socket) => {
    connectionCount += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let dataLines: string[] = [];
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };
    const reset = () => {
      from = '';
      to = [];
      dataLines = [];
    };
    const finishData = () => {
      const data = dataLines.join('\r\n');
      received.push({
        from,
        to,
        messageId: header(data, 'message-id').replace(/^<|>$/g, ''),
        subject: header(data, 'subject'),
        data,
      });
      reset();
      reply(`250 2.0.0 Ok: queued as ${received.length}`);
    };
    const command = (line: string) => {
      const verb = line.slice(0, 4).toUpperCase();
      const argument = line.slice(4).trim();
      switch (verb) {
        case 'EHLO':
          reply('250-localhost');
          reply('250 8BITMIME');
          return;
        case 'HELO':
          reply('250 localhost');
          return;
        case 'MAIL':
          reset();
          if (refusal) return reply(refusal);
          from = address(argument);
          reply('250 2.1.0 Ok');
          return;
        case 'RCPT':
          if (!from) return reply('503 5.5.1 MAIL first');
          to.push(address(argument));
          reply('250 2.1.5 Ok');
          return;
        case 'DATA':
          if (to.length === 0) return reply('503 5.5.1 RCPT first');
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
          return;
        case 'RSET':
          reset();
          reply('250 2.0.0 Ok');
          return;
        case 'NOOP':
          reply('250 2.0.0 Ok');
          return;
        case 'QUIT':
          reply('221 2.0.0 Bye');
          socket.end();
          return;
        default:
          reply('502 5.5.2 Command not recognized');
      }
    };
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            finishData();
          } else {
            dataLines.push(line.startsWith('.') ? line.slice(1) : line);
          }
        } else {
          command(line);
        }
      }
    });
    reply('220 localhost ESMTP test server');
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer(handle);
      next.once('error', reject);
      next.listen(boundPort, '127.0.0.1', () => {
        boundPort = (next.address() as { port: number }).port;
        server = next;
        resolve();
      });
    });

  await listen();
  const api: SmtpTestServer = {
    get port() {
      return boundPort;
    },
    get url() {
      return `smtp://127.0.0.1:${boundPort}`;
    },
    received,
    connections: () => connectionCount,
    listening: () => server !== null,
    async stop() {
      const current = server;
      if (!current) return;
      server = null;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
    refuseWith(reply) {
      refusal = reply;
    },
  };
  return api;
}

/** The address inside "FROM:<a@b>" / "TO:<a@b> SIZE=1". */
function address(argument: string): string {
  const match = /<([^>]*)>/.exec(argument);
  return match ? match[1]! : argument.replace(/^(FROM|TO):/i, '').trim();
}

/** An unfolded header value from the message's header block ('' when absent). */
function header(data: string, name: string): string {
  const head = data.split(/\r\n\r\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === name) {
      return line.slice(colon + 1).trim();
    }
  }
  return '';
}
