/**
 * The advertiser's fields (its create and record page): name, status, contact addresses (each one
 * checked: 'Invalid email'), the user note and, for a main administrator only, the admin note;
 * each note with a character counter to its limit ('Note too long (Character Limit: 3000)').
 * Validated with core's `advertiserRecordSchema` (the server's rules and words).
 */
import {
  type AdvertiserInput,
  ADVERTISER_LABELS as L,
  VALIDATION_MESSAGES as M,
  NOTE_MAX_LENGTH,
  validateEmail,
} from '@cuepoint/core';
import { Pill, Stack, TagsInput, Textarea, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NameStatusFields } from '../../../components/resource/name-status-fields.tsx';
import { ADVERTISER_TEXTS as T } from '../texts.ts';
import classes from './advertiser-fields.module.css';

export type AdvertiserForm = UseFormReturnType<AdvertiserInput>;

/** The first message of a list field or of one of its items ('contactEmails', 'contactEmails.2'). */
const listError = (form: AdvertiserForm, path: string) =>
  form.errors[path] ??
  Object.entries(form.errors).find(([key]) => key.startsWith(`${path}.`))?.[1] ??
  undefined;

/** Characters as the rule counts them (code points). */
const characters = (text: unknown) => (typeof text === 'string' ? [...text].length : 0);

/** A note: a text area the user can make taller, its counter under it (in the error colour past the limit). */
function NoteField({
  form,
  name,
  label,
  hint,
}: {
  form: AdvertiserForm;
  name: 'userNote' | 'adminNote';
  label: string;
  hint: string;
}) {
  const count = characters(form.useWatchValue(name));
  return (
    <Textarea
      label={label}
      description={
        <>
          {hint}{' '}
          <span className={count > NOTE_MAX_LENGTH ? classes.over : undefined} data-testid={`${name}-count`}>
            {T.noteCount(count, NOTE_MAX_LENGTH)}
          </span>
        </>
      }
      rows={4}
      resize="vertical"
      key={form.key(name)}
      {...form.getInputProps(name)}
    />
  );
}

/** The contact addresses: a tags input; each address is checked as it is added. */
function ContactEmails({ form }: { form: AdvertiserForm }) {
  const props = form.getInputProps('contactEmails');
  return (
    <TagsInput
      label={L.contactEmails}
      description={T.emailsHint}
      dir="ltr"
      splitChars={[',', ';', ' ']}
      clearable
      key={form.key('contactEmails')}
      {...props}
      onChange={(value) => {
        props.onChange(value);
        // An address is checked as soon as it becomes a tag, not only when the field is left.
        void form.validateField('contactEmails');
      }}
      error={listError(form, 'contactEmails')}
      renderPill={({ value = '', onRemove, disabled }) => {
        const invalid = validateEmail(value) !== null;
        return (
          <Pill
            withRemoveButton={!disabled}
            onRemove={onRemove}
            disabled={disabled}
            className={invalid ? classes.invalidPill : undefined}
            data-invalid={invalid || undefined}
          >
            {value}
            {invalid && <VisuallyHidden> {T.invalidAddress(M.invalidEmail)}</VisuallyHidden>}
          </Pill>
        );
      }}
    />
  );
}

/** Every field of an advertiser; the admin note only for a main administrator (`showAdminNote`). */
export function AdvertiserFields({ form, showAdminNote }: { form: AdvertiserForm; showAdminNote: boolean }) {
  return (
    <Stack gap="md">
      <NameStatusFields form={form} labels={L} />
      <ContactEmails form={form} />
      <NoteField form={form} name="userNote" label={L.userNote} hint={T.userNoteHint} />
      {showAdminNote && <NoteField form={form} name="adminNote" label={L.adminNote} hint={T.adminNoteHint} />}
    </Stack>
  );
}
