import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import {
  startPushTestServer,
  type FakeSubscription,
  type PushTestServer,
} from '../test/support/push-test-server';
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll } from './support/fixtures';
import {
  createMatchingProfessional,
  createNamedPractice,
  dateValue,
  longDate,
  nextMonthDay,
  openSection,
  postShift,
  signedInApi,
  signIn,
} from './support/marketplace';
import { chromiumArgs, FULL_CHROMIUM } from './support/browser';

/**
 * Web push (issue 18) in Chromium, end to end but for the push service itself, which Chromium
 * cannot reach here: the professional's browser gets a subscription at a local push service
 * (test/support/push-test-server.ts) whose keys the test made (PushManager.subscribe is replaced
 * in the page, nothing else), turns notifications on in Settings, and the practice writes to her
 * from another browser context. The server's real web-push request arrives at the local
 * service, which checks its VAPID signature and decrypts it; the decrypted payload is then handed
 * to the real service worker as a push (CDP ServiceWorker.deliverPushMessage), which must show
 * the notification, and opening it must take the portal to the conversation.
 */
test.describe.configure({ timeout: 180_000 });
// The headless shell lists no notification a service worker shows: these run in the full Chromium.
test.use({ launchOptions: { executablePath: FULL_CHROMIUM, args: chromiumArgs } });

const PHONE = { width: 360, height: 740 };
const WIDE = { width: 1280, height: 900 };

let pushService: PushTestServer;
test.beforeAll(async () => {
  pushService = await startPushTestServer();
});
test.afterAll(async () => {
  await pushService?.close();
});

/**
 * A browser context whose PushManager hands out `subscription` (kept in localStorage, so a
 * reload still has it), with the notifications permission already granted.
 */
async function pushContext(
  browser: Browser,
  baseURL: string,
  subscription: FakeSubscription,
  viewport = PHONE,
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport, timezoneId: 'America/New_York' });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await context.addInitScript((sub) => {
    const STORED = 'e2e-push-key';
    const decode = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0)).buffer;
    const made = (key: ArrayBuffer) => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key },
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
      unsubscribe: async () => {
        localStorage.removeItem(STORED);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer);
      localStorage.setItem(STORED, btoa(String.fromCharCode(...key)));
      return made(key.slice().buffer) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const stored = localStorage.getItem(STORED);
      return stored ? (made(decode(stored)) as unknown as PushSubscription) : null;
    };
  }, subscription);
  return context;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The notifications the page's service worker shows now. */
async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
  });
}

test('a message from the practice arrives as a push on the phone and opens the conversation', async ({
  browser,
  baseURL,
}) => {
  const suffix = Date.now().toString(36);
  const practice = await createNamedPractice(baseURL!, 'Push Dental');
  const mia = await createMatchingProfessional(baseURL!, {
    firstName: 'Mia',
    lastName: `Push${suffix}`,
  });
  const practiceApi = await signedInApi(baseURL!, practice.email, practice.password, 'practice');
  const miaApi = await signedInApi(baseURL!, mia.email, mia.password, 'professional');
  const date = nextMonthDay(14);
  const shiftId = await postShift(practiceApi, { date: dateValue(date), bookingMode: 'instant' });
  const booked = await miaApi.post(`/api/professional/shifts/${shiftId}/book`);
  expect(booked.status(), await booked.text()).toBe(201);

  // Mia, on her phone, turns notifications on in Settings.
  const subscription = pushService.subscribe();
  const context = await pushContext(browser, baseURL!, subscription);
  const phone = await context.newPage();
  await signIn(phone, '/professional-login', mia);
  await phone.waitForURL(/\/hygienist-portal/);
  await phone.goto('/hygienist-portal/settings');
  const card = phone.getByRole('region', { name: 'Notifications on this device' });
  await expect(card).toContainText('even when ChairFill is closed');
  await expect(card.getByText('No devices yet.')).toBeVisible();
  await card.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(card.getByText('Notifications are on for this device.')).toBeVisible();
  const devices = card.getByRole('list', { name: 'Devices with notifications on' });
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices).toContainText('This device');
  await expect(card.getByRole('checkbox', { name: 'New messages' })).toBeChecked();
  await expect(card.getByRole('button', { name: 'Turn off on this device' })).toBeVisible();
  await expectNoSidewaysScroll(phone);
  await expectNoSeriousA11yViolations(phone);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: test.info().outputPath('push-card-360.png') });

  // The practice writes to her from its own browser.
  const officeContext = await browser.newContext({
    viewport: WIDE,
    timezoneId: 'America/New_York',
  });
  const office = await officeContext.newPage();
  await signIn(office, '/practice-login', practice);
  await openSection(office, 'Staffing Requests');
  await office
    .getByRole('listitem')
    .filter({ has: office.getByRole('heading', { name: longDate(date), exact: true }) })
    .getByRole('link', { name: `Message ${mia.name}` })
    .click();
  const composer = office.getByLabel('Your message');
  await composer.fill('Hi Mia, could you come at 7:45 for our morning huddle?');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');

  // The push service receives the server's push, signed with its VAPID key, and decrypts it.
  const [push] = await pushService.waitForPushes(subscription.id, 1, 15_000);
  const settings = await miaApi.get('/api/notifications/push');
  const { publicKey } = (await settings.json()) as { publicKey: string };
  expect(push!.vapidKey).toBe(publicKey);
  expect(push!.payload).toEqual({
    title: `New message from ${practice.practiceName}`,
    body: 'Hi Mia, could you come at 7:45 for our morning huddle?',
    url: `/hygienist-portal/messages/${shiftId}`,
    tag: expect.stringContaining(shiftId),
  });

  // Mia leaves for another page; the push reaches her service worker, which shows it.
  await phone.goto('/hygienist-portal');
  // A push delivered before the page's service worker is active again is lost (seen once).
  await phone.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cdp = await context.newCDPSession(phone);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const registration of event.registrations) {
      if (!registration.isDeleted) {
        registrations.set(registration.scopeURL, registration.registrationId);
      }
    }
  });
  await cdp.send('ServiceWorker.enable');
  const origin = new URL(baseURL!).origin;
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registrations.get(`${origin}/`)!,
    data: push!.text,
  });
  await expect
    .poll(() => shownNotifications(phone))
    .toEqual([
      {
        title: `New message from ${practice.practiceName}`,
        body: 'Hi Mia, could you come at 7:45 for our morning huddle?',
        tag: push!.payload.tag,
        data: { url: `${origin}/hygienist-portal/messages/${shiftId}` },
      },
    ]);

  // Opening it takes her open portal to the conversation. (A real tap cannot be made here: the
  // worker's own notificationclick code is run on the notification it shows.)
  const [worker] = context.serviceWorkers();
  expect(worker, 'the service worker runs').toBeTruthy();
  await worker!.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      openNotificationPage: (notification: Notification) => Promise<void>;
    };
    const [shown] = await scope.registration.getNotifications();
    await scope.openNotificationPage(shown!);
  });
  await expect(phone).toHaveURL(`${origin}/hygienist-portal/messages/${shiftId}`);
  await expect(phone.getByRole('heading', { level: 1, name: practice.practiceName })).toBeVisible();
  await expect(
    phone.getByRole('list', { name: `Messages with ${practice.practiceName}` }),
  ).toContainText('could you come at 7:45');

  // At 1280 px the card reads the same; turning this device off removes it.
  await phone.setViewportSize(WIDE);
  await phone.goto('/hygienist-portal/settings');
  await expect(card.getByText('Notifications are on for this device.')).toBeVisible();
  await card.screenshot({ path: test.info().outputPath('push-card-1280.png') });
  await shot(phone, 'push-settings-1280');
  await card.getByRole('button', { name: 'Turn off on this device' }).click();
  await expect(card.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
  await expect(card.getByText('No devices yet.')).toBeVisible();
  const after = (await (await miaApi.get('/api/notifications/push')).json()) as {
    devices: unknown[];
  };
  expect(after.devices).toEqual([]);

  await officeContext.close();
  await context.close();
  await practiceApi.dispose();
  await miaApi.dispose();
});

test('blocked notifications are explained, and nothing is saved', async ({ browser, baseURL }) => {
  const pro = await createMatchingProfessional(baseURL!, {
    firstName: 'Noah',
    lastName: `Blocked${Date.now().toString(36)}`,
  });
  const context = await browser.newContext({ viewport: PHONE });
  // The person said no to the browser's question before.
  await context.addInitScript(() => {
    Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    Notification.requestPermission = async () => 'denied';
  });
  const page = await context.newPage();
  await signIn(page, '/professional-login', pro);
  await page.waitForURL(/\/hygienist-portal/);
  await page.goto('/hygienist-portal/settings');
  const card = page.getByRole('region', { name: 'Notifications on this device' });
  await expect(card).toContainText('Notifications are blocked for ChairFill in this browser.');
  await card.getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(card.getByRole('alert')).toContainText(
    'Allow them in the site settings of your browser',
  );
  await expect(card.getByText('No devices yet.')).toBeVisible();
  await shot(page, 'push-card-denied-360');
  await context.close();
});
