import type { Setup, SetupInput } from '@yoman/contracts';

// The create/edit dialog's values as the fields hold them, and the rules of spec §5 (setup form).

export type SetupForm = {
  name: string;
  smcContext: string;
  description: string;
  entryRules: string;
  exitRules: string;
  /** One checklist item per line. */
  checklist: string;
};

export type SetupFormField = keyof SetupForm;

/** Name, SMC context, description, entry rules and exit rules are required; the checklist is optional. */
export const REQUIRED_SETUP_FIELDS = [
  'name',
  'smcContext',
  'description',
  'entryRules',
  'exitRules',
] as const satisfies readonly SetupFormField[];

export const EMPTY_SETUP_FORM: SetupForm = {
  name: '',
  smcContext: '',
  description: '',
  entryRules: '',
  exitRules: '',
  checklist: '',
};

/** The form filled from a saved setup, for editing; its checklist one item per line. */
export function setupFormOf(setup: Setup): SetupForm {
  return {
    name: setup.name,
    smcContext: setup.smcContext,
    description: setup.description,
    entryRules: setup.entryRules,
    exitRules: setup.exitRules,
    checklist: setup.checklist.join('\n'),
  };
}

/** The checklist's lines, trimmed, blank lines dropped. */
export function checklistOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The body of POST /api/setups and PUT /api/setups/{id}. */
export function setupBodyOf(form: SetupForm): SetupInput {
  return {
    name: form.name.trim(),
    smcContext: form.smcContext.trim(),
    description: form.description.trim(),
    entryRules: form.entryRules.trim(),
    exitRules: form.exitRules.trim(),
    checklist: checklistOf(form.checklist),
  };
}

/** `message` for every required field left empty or blank. */
export function setupFormErrors(form: SetupForm, message: string): Partial<Record<SetupFormField, string>> {
  const errors: Partial<Record<SetupFormField, string>> = {};
  for (const field of REQUIRED_SETUP_FIELDS) {
    if (form[field].trim() === '') errors[field] = message;
  }
  return errors;
}
