import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './errors';
import { Count, EntityId, isStorableText, requiredText } from './fields';

/** The checklist as a list; blank items are dropped and the rest trimmed (the form holds one per line). */
export const Checklist = z
  .array(
    z.string({ error: M.invalidChoice }).refine(isStorableText, M.invalidCharacters).max(200, M.tooLong),
    {
      error: M.invalidChoice,
    },
  )
  .max(50, M.tooLong)
  .default([])
  .transform((items) => items.map((item) => item.trim()).filter((item) => item !== ''));

/** Body of POST /api/setups and PUT /api/setups/{id}. */
export const SetupBody = z.object({
  name: requiredText(80),
  smcContext: requiredText(2000),
  description: requiredText(2000),
  entryRules: requiredText(2000),
  exitRules: requiredText(2000),
  checklist: Checklist,
});
export type SetupBody = z.infer<typeof SetupBody>;
export type SetupInput = z.input<typeof SetupBody>;

/** A setup with its statistics; figures are null until it has a trade. */
export const Setup = z.object({
  id: EntityId,
  name: z.string(),
  description: z.string(),
  entryRules: z.string(),
  exitRules: z.string(),
  checklist: z.array(z.string()),
  smcContext: z.string(),
  isArchived: z.boolean(),
  winRate: z.number().min(0).max(100).nullable(),
  expectancy: z.number().nullable(),
  avgR: z.number().nullable(),
  sampleSize: Count,
});
export type Setup = z.infer<typeof Setup>;

export const SetupList = z.array(Setup);
export type SetupList = z.infer<typeof SetupList>;
