/**
 * The administrator's fields of an account: payment customer id, admin note and user note (each
 * at most 3000 characters, the spec's message under the field: the same zod rule the server
 * applies). Saved with the version read; a stale version offers to reload.
 */
import { type CustomerRecord, customerAdminEditSchema, NOTE_MAX_LENGTH } from '@cuepoint/core';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useUnsavedChanges } from '../../../components/resource/unsaved-changes.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useConsoleForm, zodValidate } from '../../../lib/zod-form.ts';
import { useSaveCustomer } from '../api/customers-api.ts';
import { CUSTOMER_TEXTS as T } from '../texts.ts';

const formSchema = customerAdminEditSchema.pick({ paymentCustomerId: true, adminNote: true, userNote: true });

interface Values {
  paymentCustomerId: string;
  adminNote: string;
  userNote: string;
}

const valuesOf = (record: CustomerRecord): Values => ({
  paymentCustomerId: record.paymentCustomerId ?? '',
  adminNote: record.adminNote,
  userNote: record.userNote,
});

export function CustomerNotes({ record, onReload }: { record: CustomerRecord; onReload: () => void }) {
  const form = useConsoleForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(record),
    validate: zodValidate(formSchema) as (values: Values) => Record<string, string>,
  });
  useUnsavedChanges(() => form.isDirty());
  const save = useSaveCustomer(record._id);
  // A newer record (saved, or reloaded) becomes the form's starting point.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version resets the form.
  useEffect(() => {
    form.setInitialValues(valuesOf(record));
    form.setValues(valuesOf(record));
  }, [record.version]);

  const stale = save.error instanceof ApiError && save.error.status === 409;
  const counter = (value: string) => (
    <Text component="span" size="xs" c="dimmed" dir="ltr">
      {T.characters([...value].length, NOTE_MAX_LENGTH)}
    </Text>
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="customer-notes">
      <form
        onSubmit={form.onSubmit((values) =>
          save.mutate(
            { version: record.version, ...values },
            {
              onSuccess: () => toast.success(T.saved),
              onError: (error) => {
                if (error instanceof ApiError) form.setErrors(error.fieldErrors);
              },
            },
          ),
        )}
      >
        <Stack>
          <Title order={2} size="h4" id="customer-notes">
            {T.notes}
          </Title>
          <TextInput
            label={T.paymentCustomerId}
            description={T.paymentCustomerIdDescription}
            dir="ltr"
            {...form.getInputProps('paymentCustomerId')}
          />
          <Textarea
            label={T.adminNote}
            description={T.adminNoteDescription}
            rows={4}
            {...form.getInputProps('adminNote')}
          />
          <Group justify="flex-end" mt={-12}>
            {counter(form.values.adminNote)}
          </Group>
          <Textarea
            label={T.userNote}
            description={T.userNoteDescription}
            rows={4}
            {...form.getInputProps('userNote')}
          />
          <Group justify="flex-end" mt={-12}>
            {counter(form.values.userNote)}
          </Group>
          {stale && (
            <Alert color="red" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{T.stale}</Text>
                <Button size="xs" color="red.9" onClick={onReload}>
                  {T.reload}
                </Button>
              </Stack>
            </Alert>
          )}
          {save.isError && !stale && !(save.error instanceof ApiError && save.error.body?.fields) && (
            <Alert color="red" role="alert">
              {save.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {T.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
