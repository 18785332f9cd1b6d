import { z } from 'zod';

/** Every key optional, nested objects too (what an update may carry). */
export type PartialUpdate<T> = {
  [K in keyof T]?: T[K] extends readonly unknown[]
    ? T[K]
    : T[K] extends Record<string, unknown>
      ? PartialUpdate<T[K]>
      : T[K];
};

/**
 * A field as an update carries it: it may be left out, and a left-out key stays out of the
 * result. A field's default ('' for optionalText) is dropped (its checks kept), so a save that
 * does not name a field can never reset it; a nested object becomes a partial update too.
 */
function leftOutStaysOut(field: z.ZodType): z.ZodType {
  let inner: z.ZodType = field;
  if (inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  if (inner instanceof z.ZodDefault) {
    // Checks added after .default() (a .refine on optionalText()) sit on the default wrapper.
    const checks = inner._zod.def.checks ?? [];
    inner = inner.unwrap() as z.ZodType;
    if (checks.length) inner = inner.check(...(checks as z.core.$ZodCheck<unknown>[]));
  }
  if (inner instanceof z.ZodObject) inner = partialUpdateSchema(inner);
  return inner.optional();
}

/**
 * The partial-update form of an object schema: the same fields and checks (and the same
 * strictness), every field optional and none defaulted, nested objects likewise. A request
 * changes only the fields it carries: build every update route's schema with this.
 */
export function partialUpdateSchema<T extends z.ZodObject>(
  schema: T,
): z.ZodType<PartialUpdate<z.output<T>>, PartialUpdate<z.input<T>>> {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [key, leftOutStaysOut(field as z.ZodType)]),
  );
  return schema.extend(shape) as unknown as z.ZodType<
    PartialUpdate<z.output<T>>,
    PartialUpdate<z.input<T>>
  >;
}
