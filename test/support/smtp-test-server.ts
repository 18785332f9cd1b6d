import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

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
 * An SMTP server on a loopback port made with the `smtp-server` library (the protocol as
 * nodemailer's own project implements it; no TLS, no authentication), recording what it accepts.
 * It can be stopped and started again on the same port to play an outage.
 */
export async function startSmtpTestServer(port = 0): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  let connectionCount = 0;
  let server: SMTPServer | null = null;
  let boundPort = port;
  let refusal: string | null = null;

  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Stopping drops open connections at once, as a crashed mail server would.
    closeTimeout: 1,
    onConnect(_session, callback) {
      connectionCount += 1;
      callback();
    },
    onMailFrom(_address, _session, callback) {
      if (!refusal) return callback();
      const [, code, message] = /^(\d{3})\s+(.*)$/.exec(refusal) ?? [];
      const error = Object.assign(new Error(message ?? refusal), {
        responseCode: Number(code ?? 451),
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const data = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          messageId: header(data, 'message-id').replace(/^<|>$/g, ''),
          subject: header(data, 'subject'),
          data,
        });
        callback();
      });
    },
  };

  const listen = async () => {
    const next = new SMTPServer(options);
    next.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      next.server.once('error', reject);
      next.listen(boundPort, '127.0.0.1', () => {
        next.server.off('error', reject);
        resolve();
      });
    });
    const address = next.server.address();
    if (address && typeof address === 'object') boundPort = address.port;
    server = next;
  };

  await listen();
  return {
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
      await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
    refuseWith(reply) {
      refusal = reply;
    },
  };
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
