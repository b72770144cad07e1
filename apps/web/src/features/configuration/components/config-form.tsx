/**
 * The configuration in force as a form (the Config tab): every key of the spec's call, validated
 * on blur and on Save with core's rules (the server's, word for word), saved with a note as a new
 * version from the version read. A stale version (someone saved meanwhile) offers to reload.
 */
import {
  configMapText,
  noteSchema,
  PLATFORM_CONFIG_KEYS,
  PLATFORM_CONFIG_MAP_KEYS,
  PLATFORM_CONFIG_TEXTS,
  PLATFORM_CONFIG_URL_KEYS,
  type PlatformConfig,
  type PlatformConfigKey,
  type PlatformConfigValues,
  platformConfigInputSchema,
} from '@cuepoint/core';
import { Alert, Badge, Button, Group, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useUnsavedChanges } from '../../../components/resource/unsaved-changes.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useConsoleForm, zodValidate } from '../../../lib/zod-form.ts';
import { useSaveConfig } from '../api/platform-config-api.ts';
import { CONFIGURATION_TEXTS as T } from '../texts.ts';

const L = PLATFORM_CONFIG_TEXTS.labels;
const D = PLATFORM_CONFIG_TEXTS.descriptions;

/** The keys the data plane reads (services/platform-config.ts on the server). */
export const DATA_PLANE_KEYS: readonly PlatformConfigKey[] = ['ADHANDLER', 'CDNBASE', 'redisKey'];

const formSchema = platformConfigInputSchema.extend({ note: noteSchema });

type FormValues = Record<PlatformConfigKey, string> & { note: string };

/** A value as the form shows it: maps as JSON text. */
export const textOf = (values: PlatformConfigValues, key: PlatformConfigKey): string => {
  const value = values[key];
  return typeof value === 'string' ? value : configMapText(value);
};

const formValuesOf = (values: PlatformConfigValues): FormValues =>
  ({
    ...Object.fromEntries(PLATFORM_CONFIG_KEYS.map((key) => [key, textOf(values, key)])),
    note: '',
  }) as FormValues;

function FieldLabel({ name }: { name: PlatformConfigKey }) {
  return (
    <Group gap={6} component="span" wrap="nowrap">
      <span>{L[name]}</span>
      {DATA_PLANE_KEYS.includes(name) && ' '}
      {DATA_PLANE_KEYS.includes(name) && (
        <Badge size="xs" variant="default" component="span">
          {T.dataPlane}
        </Badge>
      )}
    </Group>
  );
}

export function ConfigForm({ config, onReload }: { config: PlatformConfig; onReload: () => void }) {
  const form = useConsoleForm<FormValues>({
    mode: 'controlled',
    initialValues: formValuesOf(config.values),
    validate: zodValidate(formSchema) as (values: FormValues) => Record<string, string>,
  });
  useUnsavedChanges(() => form.isDirty());
  const save = useSaveConfig();
  // A newer version (saved here, restored, or reloaded) becomes the form's starting point.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version resets the form.
  useEffect(() => {
    form.setInitialValues(formValuesOf(config.values));
    form.setValues(formValuesOf(config.values));
  }, [config.version, config.cluster]);

  const stale = save.error instanceof ApiError && save.error.status === 409;
  const otherError =
    save.isError && !stale && !(save.error instanceof ApiError && save.error.body?.fields)
      ? save.error
      : null;

  const urlField = (key: PlatformConfigKey) => (
    <TextInput
      key={key}
      label={<FieldLabel name={key} />}
      description={D[key]}
      placeholder={T.defaultHint(textOf(config.defaults, key))}
      dir="ltr"
      autoComplete="off"
      spellCheck={false}
      {...form.getInputProps(key)}
    />
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ note, ...values }) =>
        save.mutate(
          { cluster: config.cluster, version: config.version, values, ...(note.trim() ? { note } : {}) },
          {
            onSuccess: (saved) => toast.success(T.saved(saved.version)),
            onError: (error) => {
              if (!(error instanceof ApiError)) return;
              // The server names the values' fields `values.<key>`; the form's are `<key>`.
              form.setErrors(
                Object.fromEntries(
                  Object.entries(error.fieldErrors).map(([field, message]) => [
                    field.replace(/^values\./, ''),
                    message,
                  ]),
                ),
              );
            },
          },
        ),
      )}
    >
      <Stack gap="md">
        {config.version === 0 && (
          <Alert color="blue" variant="light">
            {T.defaultsNote}
          </Alert>
        )}
        <Paper withBorder p="md" component="section" aria-labelledby="config-urls">
          <Stack gap="sm">
            <Title order={2} size="h4" id="config-urls">
              {T.sections.urls}
            </Title>
            {PLATFORM_CONFIG_URL_KEYS.slice(0, 1).map(urlField)}
            <TextInput
              label={<FieldLabel name="ADREPORTURL" />}
              description={D.ADREPORTURL}
              placeholder={T.defaultHint(config.defaults.ADREPORTURL)}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              {...form.getInputProps('ADREPORTURL')}
            />
            {PLATFORM_CONFIG_URL_KEYS.slice(1).map(urlField)}
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="config-maps">
          <Stack gap="sm">
            <Title order={2} size="h4" id="config-maps">
              {T.sections.maps}
            </Title>
            {PLATFORM_CONFIG_MAP_KEYS.map((key) => (
              <Textarea
                key={key}
                label={<FieldLabel name={key} />}
                description={D[key]}
                dir="ltr"
                rows={4}
                spellCheck={false}
                ff="monospace"
                {...form.getInputProps(key)}
              />
            ))}
          </Stack>
        </Paper>
        <Paper withBorder p="md" component="section" aria-labelledby="config-redis">
          <Stack gap="sm">
            <Title order={2} size="h4" id="config-redis">
              {T.sections.redis}
            </Title>
            <TextInput
              label={<FieldLabel name="redisKey" />}
              description={D.redisKey}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              withAsterisk
              {...form.getInputProps('redisKey')}
            />
          </Stack>
        </Paper>
        <Textarea label={T.note} description={T.noteDescription} rows={2} {...form.getInputProps('note')} />
        {stale && (
          <Alert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{T.stale}</Text>
              <Button
                size="xs"
                color="red.9"
                onClick={() => {
                  save.reset();
                  onReload();
                }}
              >
                {T.reload}
              </Button>
            </Stack>
          </Alert>
        )}
        {otherError && (
          <Alert color="red" role="alert">
            {otherError.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => form.reset()} disabled={!form.isDirty()}>
            {T.reset}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
