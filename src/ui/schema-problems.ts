/**
 * useFieldErrors from a valibot schema: `useFieldErrors(fromSchema<Values>(schema))`, the object's
 * keys being the field ids. Apart from field-errors so forms without valibot (the order form's
 * first step has a size budget) do not download it.
 */
import * as v from 'valibot';
import type { Problems } from './field-errors';

/** A valibot schema's issues as problems: the first message per top-level key (the field id). */
export function fromSchema<T>(schema: v.GenericSchema<unknown, unknown>) {
  return (values: T): Problems => {
    const result = v.safeParse(schema, values);
    const found: Problems = {};
    if (result.success) return found;
    for (const issue of result.issues) {
      const key = issue.path?.[0]?.key;
      if (typeof key === 'string' && !found[key]) found[key] = issue.message;
    }
    return found;
  };
}
