/**
 * The user's mail preferences: a checkbox per kind (which are also mailed) and the addresses
 * (none: the account's own). Checked with core's schema, the server's own: a bad address is
 * drawn in the error colour and 'Invalid email' shows under the field, as soon as it becomes a
 * tag; the server's 400 puts its messages under the same fields. Saved with a toast; leaving with
 * unsaved changes asks first. Read-only during login-as.
 */
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_LIMITS,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  notificationPreferencesBodySchema,
  VALIDATION_MESSAGES,
  validateEmail,
} from '@cuepoint/core';
import { Alert, Button, Checkbox, Group, Pill, Stack, TagsInput, VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import { QueryState } from '../../../components/query-state.tsx';
import { useUnsavedChanges } from '../../../components/resource/unsaved-changes.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useConsoleForm, zodValidate } from '../../../lib/zod-form.ts';
import { useNotificationPreferences, useSavePreferences } from '../api/notifications-api.ts';
import { NOTIFICATION_SCREEN_TEXTS as T } from '../texts.ts';
import classes from './notifications.module.css';

export function NotificationPreferencesPanel() {
  const query = useNotificationPreferences();
  return (
    <QueryState query={query} loading={T.preferencesLoading} failed={T.preferencesFailed}>
      {(preferences) => <PreferencesForm preferences={preferences} />}
    </QueryState>
  );
}

/** The first message of a list field or of one of its items ('emails', 'emails.2'). */
const listError = (errors: Record<string, unknown>, path: string) =>
  (errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1]) as
    | string
    | undefined;

function PreferencesForm({ preferences }: { preferences: NotificationPreferences }) {
  const save = useSavePreferences();
  const form = useConsoleForm<NotificationPreferencesBody>({
    initialValues: { mailKinds: preferences.mailKinds, emails: preferences.emails },
    validate: zodValidate(notificationPreferencesBodySchema),
  });
  useUnsavedChanges(() => form.isDirty());
  const readOnly = preferences.readOnly;

  // Saved elsewhere (another tab, a refetch): the form starts from what is stored.
  const { setInitialValues, setValues } = form;
  useEffect(() => {
    const stored = { mailKinds: preferences.mailKinds, emails: preferences.emails };
    setInitialValues(stored);
    setValues(stored);
  }, [preferences, setInitialValues, setValues]);

  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast.success(T.saved),
      onError: (error) => {
        if (error instanceof ApiError && error.body?.fields?.length) form.setErrors(error.fieldErrors);
        else toast.error(error.message);
      },
    }),
  );

  const emails = form.getInputProps('emails');
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={640}>
        {readOnly && (
          <Alert color="blue" variant="light">
            {T.readOnly}
          </Alert>
        )}
        <Checkbox.Group
          label={T.mailKindsLabel}
          description={T.mailKindsDescription}
          key={form.key('mailKinds')}
          {...form.getInputProps('mailKinds')}
          error={listError(form.errors, 'mailKinds')}
        >
          <Stack gap="xs" mt="xs">
            {NOTIFICATION_KINDS.map((kind) => (
              <Checkbox key={kind} value={kind} label={NOTIFICATION_KIND_LABELS[kind]} disabled={readOnly} />
            ))}
          </Stack>
        </Checkbox.Group>
        <TagsInput
          label={T.emailsLabel}
          description={T.emailsDescription(preferences.accountEmail, NOTIFICATION_LIMITS.emails)}
          placeholder={T.emailsPlaceholder}
          dir="ltr"
          splitChars={[',', ';', ' ']}
          clearable
          disabled={readOnly}
          key={form.key('emails')}
          {...emails}
          onChange={(value) => {
            emails.onChange(value);
            // An address is checked as soon as it becomes a tag, not only when the field is left.
            void form.validateField('emails');
          }}
          error={listError(form.errors, 'emails')}
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
                {invalid && (
                  <VisuallyHidden> {T.invalidAddress(VALIDATION_MESSAGES.invalidEmail)}</VisuallyHidden>
                )}
              </Pill>
            );
          }}
        />
        <Group>
          <Button type="submit" disabled={readOnly} loading={save.isPending}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
