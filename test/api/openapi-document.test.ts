import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listServerRoutes, routeKey } from '../../src/server/route-list';
import { startTestServer, type TestServer } from '../support/test-server';
import { startAccessServer, type AccessServer } from '../support/access-world';

/**
 * The contract: every JSON route of the API is declared once (src/server/routes/api-routes.ts),
 * and the OpenAPI document served at /api/openapi.json is built from those declarations.
 */

/**
 * Routes under /api/ the server answers that are not part of the contract, each with why. Any
 * other route under /api/ missing from the document fails the test below.
 */
const outsideTheContract: Record<string, string> = {
  'GET /api/openapi.json': 'the document itself',
  'GET /api/reference': 'the document as a page (outside production)',
  'ALL /api/*': "the API's JSON 404 for every other path",
};
/** Development and benchmark routes: never in production, never in the contract. */
const outsideTheContractPattern = /^\w+ \/api\/(dev|bench)\//;

type Operation = {
  summary?: string;
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  'x-audience'?: string;
};

let server: TestServer;
let access: AccessServer;
let document: { openapi: string; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  server = await startTestServer();
  access = await startAccessServer();
  const res = await server.client().get('/api/openapi.json');
  expect(res.status).toBe(200);
  document = res.body;
});

afterAll(async () => {
  await server?.stop();
  await access?.stop();
});

/** `GET /api/practice/shifts/:id` for each operation of the document. */
function documentedRoutes(): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map(
      (method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`,
    ),
  );
}

function operations(): Array<[string, Operation]> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(
      ([method, operation]) =>
        [`${method.toUpperCase()} ${path}`, operation] as [string, Operation],
    ),
  );
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every API route the server answers, and nothing else', () => {
    const documented = documentedRoutes();
    const served = listServerRoutes(access.appWith({ isProduction: true, benchRoutes: false }))
      .map(routeKey)
      .filter((route) => /^\w+ \/api\//.test(route));
    const undeclared = served.filter(
      (route) =>
        !documented.includes(route) &&
        !(route in outsideTheContract) &&
        !outsideTheContractPattern.test(route),
    );
    const phantom = documented.filter((route) => !served.includes(route));
    expect(undeclared, 'API routes not declared in the contract').toEqual([]);
    expect(phantom, 'documented routes the server does not answer').toEqual([]);
    expect(documented.length).toBeGreaterThan(50);
  });

  it('gives every operation a summary, its audience, security, answers with schemas and error answers', () => {
    for (const [name, operation] of operations()) {
      expect(operation.summary, name).toBeTruthy();
      expect(operation['x-audience'], name).toMatch(
        /^(signedOut|account|bellOwner|practice|professional|admin)$/,
      );
      const signedIn = operation['x-audience'] !== 'signedOut';
      expect((operation.security ?? []).length > 0, `${name} security`).toBe(signedIn);
      const responses = Object.entries(operation.responses ?? {});
      expect(
        responses.some(([status]) => /^[23]\d\d$/.test(status)),
        name,
      ).toBe(true);
      for (const [status, response] of responses) {
        if (!/^2\d\d$/.test(status) || status === '204') continue;
        expect(Object.keys(response.content ?? {}).length, `${name} ${status}`).toBeGreaterThan(0);
      }
      const errors = responses.filter(([status]) => /^[45]\d\d$/.test(status));
      expect(
        errors.map(([status]) => status),
        name,
      ).toContain('500');
      if (signedIn)
        expect(
          errors.map(([status]) => status),
          name,
        ).toContain('401');
      for (const [status, response] of errors) {
        if (name.endsWith('/api/ready') && status === '503') continue;
        expect(response.content?.['application/json']?.schema, `${name} ${status}`).toEqual({
          $ref: '#/components/schemas/ApiError',
        });
      }
    }
  });
  it('lists the refusals of the rules: 409 where the state may have changed, 429 under a limit', () => {
    const statuses = (method: string, path: string) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {});
    expect(statuses('post', '/api/professional/shifts/{shiftId}/book')).toContain('409');
    expect(statuses('post', '/api/practice/applications/{id}/accept')).toContain('409');
    expect(statuses('post', '/api/login')).toEqual(expect.arrayContaining(['401', '429']));
    expect(statuses('post', '/api/signup/practice')).toEqual(
      expect.arrayContaining(['409', '429']),
    );
    // A route whose rules never conflict does not claim to.
    expect(statuses('get', '/api/professional/bookings')).not.toContain('409');
  });

  it('marks a body that may be left out as not required, and every other body as required', () => {
    const body = (method: string, path: string) =>
      (document.paths[path]?.[method] as { requestBody?: { required?: boolean } })?.requestBody;
    expect(body('post', '/api/professional/shifts/{shiftId}/apply')?.required).toBe(false);
    expect(body('put', '/api/practice')?.required).toBe(true);
  });
});

describe('GET /api/reference', () => {
  it('reads the document as a page outside production, and is not there in production', async () => {
    const page = await access
      .appWith({ isProduction: false, benchRoutes: false })
      .request('/api/reference');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('POST /api/practice/shifts');
    const production = await access
      .appWith({ isProduction: true, benchRoutes: false })
      .request('/api/reference');
    expect(production.status).toBe(404);
  });
});
