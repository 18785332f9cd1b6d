import fc from 'fast-check';

/**
 * fast-check arbitraries of hostile request input: malformed JSON, wrong types, boundary numbers,
 * impossible dates, control and bidirectional characters, huge strings, prototype-pollution keys
 * and deep nesting. Used by test/api/hostile-input.test.ts against every JSON endpoint.
 */

const tricky = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\uFEFF',
  '\uD800',
  '\r\n\r\nX-Injected: 1',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table users; --',
  '../../etc/passwd',
  '%00',
  '%',
  '%E0%A4%A',
  '${jndi:ldap://x}',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '123e4567-e89b-12d3-a456-42661417400',
  '2026-02-30',
  '2026-02-29',
  '2025-13-01',
  '0000-00-00',
  '9999-12-31',
  '275760-09-13',
  '2026-01-01T25:00:00Z',
  '2026-06-01T10:00:00+25:00',
  '2026-12-31T23:59:60Z',
  '24:00',
  '23:60',
  '7:00',
  '07:00:00',
  '-01:00',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  'a@b',
  '@example.com',
  'x@example.com\nbcc: y@example.com',
  'Zürich ünïcødé 漢字 🦷',
  '\u0085\u2028\u2029',
];

export const hostileKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  '$where',
  'admin',
  'role',
  'accountType',
  'status',
  'id',
  'userId',
  'practiceId',
];

const hugeString = fc
  .tuple(
    fc.constantFrom('a', '🦷', '\u0000', '<', 'é', ' '),
    fc.integer({ min: 1_000, max: 120_000 }),
  )
  .map(([char, n]) => char.repeat(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...tricky) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.5,
    -0.01,
    2 ** 31,
    2 ** 53 + 1,
    -(2 ** 53) - 1,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e21,
    123456789.12345679,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value of any JSON type, hostile where it can be. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: hostileString },
    { weight: 3, arbitrary: hostileNumber },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...hostileKeys), fc.string()), tie('value')), {
          maxLength: 4,
        })
        .map(ownObject),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  ),
})).value;

/** An object whose keys, even `__proto__`, are own enumerable properties (as JSON.parse makes them). */
export function ownObject(entries: Array<[string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

/** Bodies that are not JSON, or JSON that is not an object, or JSON.parse edge cases. */
const rawBodies = [
  '',
  '{',
  '}',
  '{"a":',
  "{'a': 1}",
  '{"a": 1,}',
  '[',
  'null',
  'true',
  '0',
  '-1',
  '"text"',
  '[]',
  '[{}]',
  '[null]',
  'NaN',
  '{"x": NaN}',
  '{"x": Infinity}',
  '{"x": -Infinity}',
  '{"x": 1e309}',
  '{"x": -1e309}',
  '{"x": 1e-400}',
  '{"x": 01}',
  '{"x": undefined}',
  '\uFEFF{}',
  '{"a":1}{"a":2}',
  '{"__proto__": {"isAdmin": true, "accountType": "admin"}}',
  '{"constructor": {"prototype": {"accountType": "admin"}}}',
  '{"a": "\\ud800"}',
  '{"a": "\\u0000"}',
  '\u0000',
  '<?xml version="1.0"?><a/>',
  'a=1&b=2',
  '['.repeat(5_000) + ']'.repeat(5_000),
  '{"a":'.repeat(3_000) + '1' + '}'.repeat(3_000),
  '{"a":'.repeat(150_000) + '1' + '}'.repeat(150_000),
];

export type BodyPlan =
  | { kind: 'raw'; text: string; contentType: string | null }
  | {
      kind: 'mutate';
      op: 'replace' | 'delete' | 'extra' | 'wrap' | 'whole';
      pick: number;
      key: string;
      value: unknown;
    }
  | { kind: 'oversized'; bytes: number }
  | { kind: 'none' };

const contentTypes = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  null,
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
];

export const bodyPlan: fc.Arbitrary<BodyPlan> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      text: fc.oneof(fc.constantFrom(...rawBodies), fc.string({ unit: 'binary', maxLength: 60 })),
      contentType: fc.constantFrom(...contentTypes),
    }),
  },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('mutate' as const),
      op: fc.constantFrom('replace', 'replace', 'replace', 'delete', 'extra', 'wrap', 'whole'),
      pick: fc.nat(),
      key: fc.oneof(fc.constantFrom(...hostileKeys), fc.string({ maxLength: 20 })),
      value: hostileValue,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('oversized' as const),
      bytes: fc.constantFrom(1_000_001, 3_000_000),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
);

/** Every place in a JSON value a mutation can aim at (the root is []). */
function pathsOf(
  value: unknown,
  prefix: Array<string | number> = [],
): Array<Array<string | number>> {
  const paths = [prefix];
  if (Array.isArray(value))
    value.forEach((item, i) => paths.push(...pathsOf(item, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** The template with one hostile change. */
export function mutateTemplate(
  template: unknown,
  plan: Extract<BodyPlan, { kind: 'mutate' }>,
): unknown {
  if (plan.op === 'whole') return plan.value;
  if (plan.op === 'wrap') return [cloneJson(template)];
  const copy = cloneJson(template ?? {});
  const containers = pathsOf(copy).filter((p) => {
    const target = p.reduce<any>((node, key) => node?.[key], copy);
    return target !== null && typeof target === 'object';
  });
  const leaves = pathsOf(copy).filter((p) => p.length > 0);
  if (plan.op === 'extra' || leaves.length === 0) {
    const path = containers[plan.pick % containers.length] ?? [];
    const target = path.reduce<any>((node, key) => node[key], copy);
    if (Array.isArray(target)) target.push(plan.value);
    else
      Object.defineProperty(target, plan.key, {
        value: plan.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return copy;
  }
  const path = leaves[plan.pick % leaves.length]!;
  const parent = path.slice(0, -1).reduce<any>((node, key) => node[key], copy);
  const last = path[path.length - 1]!;
  if (plan.op === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else {
    Object.defineProperty(parent, last, {
      value: plan.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}

/** A query string of hostile pairs, some with broken percent-encoding left as sent. */
export const queryPlan: fc.Arbitrary<Array<{ key: string; value: string; raw: boolean }>> =
  fc.array(
    fc.record({
      key: fc.oneof(
        fc.constantFrom(
          'from',
          'to',
          'status',
          'maxDistance',
          'includeBelowMinimum',
          'position',
          'month',
          'days',
          'limit',
          'page',
          'cursor',
          'q',
          'token',
        ),
        fc.constantFrom(...hostileKeys),
        fc.string({ maxLength: 12 }),
      ),
      value: hostileString.map((s) => s.slice(0, 300)),
      raw: fc.boolean(),
    }),
    { maxLength: 4 },
  );

/** A lone surrogate cannot travel in a URL: it goes as U+FFFD, as a browser would send it. */
function wellFormed(text: string): string {
  return text.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    '\uFFFD',
  );
}

export function renderQuery(pairs: Array<{ key: string; value: string; raw: boolean }>): string {
  if (pairs.length === 0) return '';
  const encode = (s: string, raw: boolean) =>
    raw
      ? wellFormed(s).replace(/[\s#&]/g, (c: string) => encodeURIComponent(c))
      : encodeURIComponent(wellFormed(s));
  return `?${pairs.map((p) => `${encode(p.key, p.raw)}=${encode(p.value, p.raw)}`).join('&')}`;
}

/** A path parameter: a real id the caller owns (most often), a random id, or a hostile string. */
export type ParamPlan =
  { kind: 'owned' } | { kind: 'random' } | { kind: 'text'; text: string; raw: boolean };

export const paramPlan: fc.Arbitrary<ParamPlan> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'owned' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'random' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('text' as const),
      text: hostileString.map((s) => s.slice(0, 400)),
      raw: fc.boolean(),
    }),
  },
);

export function renderParam(
  plan: Exclude<ParamPlan, { kind: 'owned' } | { kind: 'random' }>,
): string {
  // A lone surrogate cannot travel in a URL: it is sent as U+FFFD, like a browser would.
  const text = wellFormed(plan.text);
  if (!plan.raw) return encodeURIComponent(text) || '%20';
  // Sent as typed, except what would end the path segment.
  return text.replace(/[/?#\s]/g, (c: string) => encodeURIComponent(c)) || '%20';
}
