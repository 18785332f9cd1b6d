/** Helpers for the browser tests. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** An e-mail saved by the server (GET /api/dev/mail, outside production). */
export interface MailMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  /** ISO time the message was saved. */
  date: string;
}

let counter = 0;

/** A fresh address per call, so tests sharing one server never collide. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  const slug =
    prefix
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'user';
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return `${slug}-${stamp}@example.com`;
}

function addressOf(to: string): string {
  return (/<([^>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase();
}

export interface ReadMailOptions {
  /** Only a message whose subject contains this text or matches this pattern. */
  subject?: string | RegExp;
  /** Only a message saved at or after this time (e.g. taken just before the action that sends it). */
  since?: Date;
  /** How long to wait, in milliseconds (default 15 s). */
  timeout?: number;
}

/**
 * Waits for the newest e-mail to `to` (optionally filtered) in the server's dev mailbox, polling
 * GET /api/dev/mail every 200 ms for up to 15 s.
 */
export async function readMail(
  request: APIRequestContext,
  to: string,
  options: ReadMailOptions = {},
): Promise<MailMessage> {
  const address = addressOf(to);
  const { subject, since } = options;
  const matches = (message: MailMessage) =>
    addressOf(message.to) === address &&
    (subject === undefined ||
      (typeof subject === 'string'
        ? message.subject.includes(subject)
        : subject.test(message.subject))) &&
    (since === undefined || Date.parse(message.date) >= since.getTime());

  let found: MailMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mail');
        expect(response.status(), 'GET /api/dev/mail').toBe(200);
        const { messages } = (await response.json()) as { messages: MailMessage[] };
        found = messages.find(matches); // newest first
        return found !== undefined;
      },
      {
        message: `an e-mail to ${address}${subject === undefined ? '' : ` with subject ${String(subject)}`}`,
        timeout: options.timeout ?? 15_000,
        intervals: [200],
      },
    )
    .toBe(true);
  return found!;
}

/** The first http(s) link in an e-mail's text (verification, password reset, ...). */
export function linkIn(message: MailMessage, contains?: string): string {
  const links = message.text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
  const link = contains === undefined ? links[0] : links.find((l) => l.includes(contains));
  if (!link) {
    throw new Error(
      `No link${contains ? ` containing "${contains}"` : ''} in the e-mail "${message.subject}":\n${message.text}`,
    );
  }
  return link;
}

/** Runs axe on the current page; fails listing every serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Colours are judged as they end up: a toast still fading in (or any finite transition) would
  // be measured half-transparent. A toast starts its transition a frame after it is added, so
  // look again after two frames until none is running. Endless ones (spinners) are not waited
  // for; 2 s at most.
  await page.evaluate(async () => {
    const deadline = performance.now() + 2_000;
    // A page in the background draws no frames: then 100 ms stand for two.
    const nextFrames = () =>
      Promise.race([
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        new Promise((resolve) => setTimeout(resolve, 100)),
      ]);
    while (performance.now() < deadline) {
      await nextFrames();
      const finite = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
      if (finite.length === 0) return;
      await Promise.race([
        Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, deadline - performance.now())),
      ]);
    }
  });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const described = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect(
    described,
    `Serious accessibility violations on ${page.url()}:\n${described.join('\n')}`,
  ).toEqual([]);
}

/** Nothing sticks out sideways: the page is no wider than its window (a phone's 360 px). */
export async function expectNoSidewaysScroll(page: Page, what = 'the page'): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${what} overflows horizontally`).toBeLessThanOrEqual(0);
}
