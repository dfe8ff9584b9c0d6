import type { z } from 'zod';

/** The events a table of schemas by versioned type describes, each as `{ type, data }`. */
export type EventOf<Schemas extends Record<string, z.ZodType>> = {
  [Type in keyof Schemas & string]: { type: Type; data: z.infer<Schemas[Type]> };
}[keyof Schemas & string];

/** Parses a stored event against one module's schemas; undefined when its type or data is not one of them. */
export function parseEventWith<Schemas extends Record<string, z.ZodType>>(
  schemas: Schemas,
  event: { type: string; data: unknown },
): EventOf<Schemas> | undefined {
  if (!Object.hasOwn(schemas, event.type)) return undefined;
  const parsed = (schemas[event.type] as z.ZodType).safeParse(event.data);
  return parsed.success ? ({ type: event.type, data: parsed.data } as EventOf<Schemas>) : undefined;
}
