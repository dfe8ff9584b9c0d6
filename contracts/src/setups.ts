import { z } from 'zod';
import { VALIDATION_MESSAGES as M } from './constants/messages';
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

/** A setup with its statistics (from the trades that name it); figures are null until it has a trade. */
export const Setup = z.object({
  id: EntityId,
  name: z.string(),
  description: z.string(),
  entryRules: z.string(),
  exitRules: z.string(),
  checklist: z.array(z.string()),
  smcContext: z.string(),
  isArchived: z.boolean(),
  /** Wins over the setup's trades, in percent (one decimal). */
  winRate: z.number().min(0).max(100).nullable(),
  /** Mean R of the setup's trades with R (two decimals). */
  expectancy: z.number().nullable(),
  /** Net R over the setup's trades with R (two decimals). */
  avgR: z.number().nullable(),
  /** How many trades name the setup. */
  sampleSize: Count,
  /** True from SETUP_SUFFICIENT_SAMPLE trades. */
  sufficientSample: z.boolean(),
  /** How many more trades until the sample is sufficient; 0 when it is. */
  tradesNeeded: Count,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Setup = z.infer<typeof Setup>;

/** Active setups first (newest first), then the archive. */
export const SetupList = z.array(Setup);
export type SetupList = z.infer<typeof SetupList>;
