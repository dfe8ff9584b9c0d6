import type { Setup } from '@yoman/contracts';
import { SETUP_MESSAGES } from '@yoman/contracts/constants';
import { Button, errorMessageOf, useToast } from '@yoman/ui';
import { Dialog, TextField } from '@yoman/ui/overlays';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { useCreateSetupMutation, useUpdateSetupMutation } from '../analytics-api';
import { heSetups as s } from '../i18n-analytics';
import { useResetOnSubjectChange } from '../screen/reset-on-subject';
import { TextAreaField } from '../screen/TextAreaField';
import {
  EMPTY_SETUP_FORM,
  REQUIRED_SETUP_FIELDS,
  type SetupForm,
  type SetupFormField,
  setupBodyOf,
  setupFormErrors,
  setupFormOf,
} from './setup-form';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

export type SetupDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this setup; creating a new one without it. */
  setup?: Setup;
};

/** Create or edit a setup: the five required fields, and the checklist one item per line (blanks dropped). */
export function SetupDialog({ open, onOpenChange, setup }: SetupDialogProps) {
  const formId = useId();
  const { toast } = useToast();
  const [form, setForm] = useState<SetupForm>(EMPTY_SETUP_FORM);
  const [touched, setTouched] = useState<ReadonlySet<SetupFormField>>(new Set());
  const [create, creating] = useCreateSetupMutation();
  const [update, updating] = useUpdateSetupMutation();
  const saving = creating.isLoading || updating.isLoading;

  // A fresh form whenever the dialog opens, closes or turns to another setup.
  useResetOnSubjectChange(open ? `open:${setup?.id ?? 'new'}` : 'closed', () => {
    setForm(setup ? setupFormOf(setup) : EMPTY_SETUP_FORM);
    setTouched(new Set());
  });

  const allErrors = setupFormErrors(form, s.required);
  const shown = (field: SetupFormField) => (touched.has(field) ? allErrors[field] : undefined);
  const bind = (field: SetupFormField) => ({
    value: form[field],
    error: shown(field),
    onChange: (value: string) => setForm((f) => ({ ...f, [field]: value })),
    onBlur: () => setTouched((t) => new Set(t).add(field)),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(new Set(REQUIRED_SETUP_FIELDS));
    if (Object.keys(allErrors).length > 0 || saving) return;
    const body = setupBodyOf(form);
    try {
      if (setup) await update({ id: setup.id, body }).unwrap();
      else await create(body).unwrap();
      toast({ title: setup ? SETUP_MESSAGES.updated : SETUP_MESSAGES.created });
      onOpenChange(false);
    } catch (error) {
      toast({
        title: setup ? SETUP_MESSAGES.updateFailed : SETUP_MESSAGES.createFailed,
        description: errorMessageOf(error),
        variant: 'destructive',
      });
    }
  };

  const name = bind('name');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={setup ? s.dialogEdit : s.dialogNew}
      description={s.dialogDescription}
      width={600}
      footer={
        <>
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {s.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={saving} pending={saving} pendingLabel={s.saving}>
            {s.save}
          </Button>
        </>
      }
    >
      <Form id={formId} noValidate onSubmit={submit}>
        <TextField
          label={s.name}
          required
          maxLength={80}
          value={name.value}
          error={name.error}
          onChange={(e) => name.onChange(e.target.value)}
          onBlur={name.onBlur}
        />
        <TextAreaField label={s.smcContext} required {...bind('smcContext')} />
        <TextAreaField label={s.description} required {...bind('description')} />
        <TextAreaField label={s.entryRules} required {...bind('entryRules')} />
        <TextAreaField label={s.exitRules} required {...bind('exitRules')} />
        <TextAreaField label={`${s.checklist} ${s.optional}`} {...bind('checklist')} />
      </Form>
    </Dialog>
  );
}
