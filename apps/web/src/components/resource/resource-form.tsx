/**
 * Create and edit share one form: `useResourceSubmit` sends it (POST to create; PUT, or POST
 * for a partial update, with the version it edited), shows the server's field messages under
 * the fields, offers to reload on a stale version (409) and toasts the outcome.
 * `ResourceFormModal` frames the form in a dialog (resources edited on their list screen),
 * `ResourceFormPage` on a page with a sticky Save/Cancel footer (resources with a detail route).
 */
import {
  type ConflictResponse,
  firstMessageByField,
  RESOURCE_TEXTS,
  type ResourceKind,
} from '@cuepoint/core';
import { Alert, Box, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactElement, type ReactNode, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client.ts';
import type {
  KindOf,
  ResourceApi,
  ResourceDto,
  ResourceInput,
  ResourceSpecOf,
} from '../../lib/resource-api.ts';
import { useRoleAllows } from '../../lib/role-access.ts';
import { toastServerError } from '../../lib/server-error.ts';
import { toast } from '../../lib/toast.ts';
import { KIT_TEXTS } from './texts.ts';
import { useRouteTitle } from './use-route-title.ts';

/** A form's values as its fields hold them. */
// biome-ignore lint/suspicious/noExplicitAny: Mantine's own constraint on form values.
export type FormValues = Record<string, any>;
// biome-ignore lint/suspicious/noExplicitAny: any transformed-values type of the form.
type AnyForm<V extends FormValues> = UseFormReturnType<V, any>;

/**
 * A form's values from a stored resource: every data field of the resource's defaults, taken
 * from the record where it has one (meta fields are left out).
 */
export function toFormValues<S extends ResourceSpecOf<ResourceKind>>(
  spec: S,
  record: Partial<ResourceDto<KindOf<S>>> | undefined,
): ResourceInput<KindOf<S>>;
export function toFormValues<K extends ResourceKind>(
  spec: ResourceSpecOf<K>,
  record: Partial<ResourceDto<K>> | undefined,
): ResourceInput<K>;
export function toFormValues(
  spec: ResourceSpecOf<ResourceKind>,
  record: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const defaults = spec.defaults as Record<string, unknown>;
  const values: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const value = record?.[key];
    if (value !== undefined) values[key] = value;
  }
  return structuredClone(values);
}

/** Whether `path` ('a', 'list.0.name') names something in `values`. */
function hasPath(values: unknown, path: string): boolean {
  if (path === '') return false;
  let current: unknown = values;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
}

export interface UseResourceSubmitOptions<K extends ResourceKind, V extends FormValues> {
  spec: ResourceSpecOf<K>;
  api: ResourceApi<K>;
  /** The Mantine form (useZodForm with the resource's core schema). */
  form: AnyForm<V>;
  /** The record edited; none to create. */
  id?: string | null;
  /** The version the form was filled from (required to update). */
  version?: number | null;
  /** 'replace' (PUT, the default) sends every field; 'patch' (POST {path}/{id}) only those `toData` gives. */
  method?: 'replace' | 'patch';
  /** The payload from the form's values (the values as they are by default). */
  toData?: (values: V) => Record<string, unknown>;
  /** The form's values from a stored record, for a reload after a conflict (`toFormValues` by default). */
  toValues?: (record: ResourceDto<K>) => V;
  onSaved?: (record: ResourceDto<K>, mode: 'created' | 'updated') => void;
}

/** A stale-version conflict the user has not resolved yet. */
export interface ResourceConflict {
  message: string;
  currentVersion: number;
}

export interface ResourceSubmit<K extends ResourceKind, V extends FormValues> {
  /** Sends the values; the saved record, or undefined when the server refused them. */
  submit: (values: V) => Promise<ResourceDto<K> | undefined>;
  /** The form element's onSubmit: validates with the form's schema, then `submit`. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  isPending: boolean;
  conflict: ResourceConflict | null;
  /** Loads the stored record again and puts its values in the form. */
  reload: () => Promise<void>;
  /** The version the next update names. */
  version: number | undefined;
  /** The conflict dialog; render it (ResourceFormModal and ResourceFormPage do). */
  dialog: ReactElement;
}

/** Sends a resource form and handles every answer (see the module comment). */
export function useResourceSubmit<K extends ResourceKind, V extends FormValues>({
  spec,
  api,
  form,
  id,
  version,
  method = 'replace',
  toData = (values) => values,
  toValues,
  onSaved,
}: UseResourceSubmitOptions<K, V>): ResourceSubmit<K, V> {
  const queryClient = useQueryClient();
  const [conflict, setConflict] = useState<ResourceConflict | null>(null);
  const [reloadedVersion, setReloadedVersion] = useState<number>();
  const [reloading, setReloading] = useState(false);
  const current = Math.max(version ?? 0, reloadedVersion ?? 0) || undefined;
  const updating = Boolean(id);

  const mutation = useMutation({
    mutationFn: (values: V) => {
      const data = toData(values);
      if (!id) return api.create(data as ResourceInput<K>);
      if (current === undefined) throw new Error(`${spec.label}: the version edited is not known`);
      return method === 'patch'
        ? api.patch(id, { ...(data as Partial<ResourceInput<K>>), version: current })
        : api.replace(id, { ...(data as ResourceInput<K>), version: current });
    },
  });

  const submit = async (values: V): Promise<ResourceDto<K> | undefined> => {
    try {
      const record = await mutation.mutateAsync(values);
      queryClient.setQueryData(api.keys.detail(record._id), record);
      void queryClient.invalidateQueries({ queryKey: api.keys.lists() });
      form.setInitialValues(values);
      form.resetDirty(values);
      toast.success(updating ? RESOURCE_TEXTS.updated(spec.label) : RESOURCE_TEXTS.created(spec.label));
      onSaved?.(record, updating ? 'updated' : 'created');
      return record;
    } catch (error) {
      handleFailure(error, values);
      return undefined;
    }
  };

  const handleFailure = (error: unknown, values: V) => {
    if (!(error instanceof ApiError)) {
      toastServerError(error);
      return;
    }
    const fields = error.body?.fields ?? [];
    if (error.status === 400 && fields.length > 0) {
      const messages = firstMessageByField(fields);
      form.setErrors(messages);
      // A message about something the form does not show (the customer, the payload) as a toast.
      const elsewhere = Object.entries(messages).filter(([field]) => !hasPath(values, field));
      if (elsewhere.length > 0) toast.error(elsewhere.map(([, message]) => message).join('\n'));
      return;
    }
    const currentVersion = (error.body as Partial<ConflictResponse> | undefined)?.currentVersion;
    if (error.status === 409 && typeof currentVersion === 'number') {
      setConflict({ message: error.message, currentVersion });
      return;
    }
    // Nothing when the API client already ended the session and left the page.
    toastServerError(error);
  };

  const reload = useCallback(async () => {
    if (!id) return;
    setReloading(true);
    try {
      const record = await queryClient.fetchQuery({ ...api.detailOptions(id), staleTime: 0 });
      const values = toValues ? toValues(record) : (toFormValues(spec, record) as unknown as V);
      form.setInitialValues(values);
      form.setValues(values);
      form.resetDirty(values);
      form.clearErrors();
      setReloadedVersion(record.version);
      setConflict(null);
      void queryClient.invalidateQueries({ queryKey: api.keys.lists() });
    } catch (error) {
      toastServerError(error);
    } finally {
      setReloading(false);
    }
  }, [id, api, spec, form, queryClient, toValues]);

  return {
    submit,
    onSubmit: form.onSubmit((values) => void submit(values as unknown as V)),
    isPending: mutation.isPending,
    conflict,
    reload,
    version: current,
    dialog: (
      <ConflictDialog
        opened={conflict !== null}
        label={spec.label}
        reloading={reloading}
        onReload={() => void reload()}
        onClose={() => setConflict(null)}
      />
    ),
  };
}

export interface ConflictDialogProps {
  opened: boolean;
  /** The resource's label ('Encoder'). */
  label: string;
  reloading?: boolean;
  onReload: () => void;
  /** Keeps the user's edits in the form (to copy them) without reloading. */
  onClose: () => void;
}

/** A stale update (409): someone else changed the record; reload it to see their changes. */
export function ConflictDialog({ opened, label, reloading = false, onReload, onClose }: ConflictDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={RESOURCE_TEXTS.conflictTitle} centered>
      <Stack gap="md">
        <Text size="sm">{RESOURCE_TEXTS.staleVersion(label)}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {KIT_TEXTS.cancel}
          </Button>
          <Button onClick={onReload} loading={reloading} data-autofocus>
            {RESOURCE_TEXTS.reload}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** What the frames need of `useResourceSubmit`'s answer. */
export type SubmitFrame = Pick<ResourceSubmit<ResourceKind, FormValues>, 'onSubmit' | 'isPending' | 'dialog'>;

interface FrameProps {
  /** The heading; a page without one shows its route's title (app/screens.ts). */
  title?: ReactNode;
  /** The form's submit (useResourceSubmit); may be left out while `loading` or with an `error`. */
  submit?: SubmitFrame;
  /** The record is still loading: a loader instead of the fields. */
  loading?: boolean;
  /** The record could not be loaded: this message instead of the fields (and no Save). */
  error?: ReactNode;
  saveLabel?: string;
  /** Save cannot be pressed yet (a file is still uploading). */
  saveDisabled?: boolean;
  /**
   * Shown, not edited: a note instead of Save (the fields are disabled by useResourceForm). By
   * default when the user's team role may not write (a viewer).
   */
  readOnly?: boolean;
  children: ReactNode;
}

/** The note over a record shown read-only. */
function ReadOnlyNote() {
  return (
    <Alert color="gray" title={KIT_TEXTS.readOnlyTitle} data-testid="read-only-note">
      {KIT_TEXTS.readOnly}
    </Alert>
  );
}

/** A read-only form submits nothing (Enter in it included). */
const noSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();

/** Whether a frame is read-only: as told, else when the team role may not write. */
function useReadOnly(readOnly: boolean | undefined): boolean {
  const canWrite = useRoleAllows('write');
  return readOnly ?? !canWrite;
}

export interface ResourceFormModalProps extends FrameProps {
  opened: boolean;
  onClose: () => void;
  size?: string | number;
  /** The unsaved-changes question (useGuardedClose's `confirm`), shown over the dialog. */
  confirm?: ReactNode;
}

/** The form of a resource edited on its list screen, in a dialog with Save and Cancel. */
export function ResourceFormModal({
  opened,
  onClose,
  title,
  submit,
  loading = false,
  error,
  saveLabel = KIT_TEXTS.save,
  saveDisabled = false,
  size = 'lg',
  confirm,
  readOnly: readOnlyProp,
  children,
}: ResourceFormModalProps) {
  const readOnly = useReadOnly(readOnlyProp);
  return (
    <>
      <Modal opened={opened} onClose={onClose} title={title} size={size}>
        {loading ? (
          <Group justify="center" py="xl">
            <Loader size="sm" aria-label={KIT_TEXTS.loadingRecord} />
          </Group>
        ) : error ? (
          <Stack gap="md">
            <Alert color="red" role="alert">
              {error}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {KIT_TEXTS.cancel}
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={readOnly ? noSubmit : submit?.onSubmit} noValidate>
            <Stack gap="md">
              {readOnly && <ReadOnlyNote />}
              {children}
              <Group justify="flex-end" gap="sm" mt="sm">
                <Button variant="default" onClick={onClose}>
                  {readOnly ? KIT_TEXTS.close : KIT_TEXTS.cancel}
                </Button>
                {!readOnly && (
                  <Button type="submit" loading={submit?.isPending} disabled={saveDisabled}>
                    {saveLabel}
                  </Button>
                )}
              </Group>
            </Stack>
          </form>
        )}
      </Modal>
      {submit?.dialog}
      {confirm}
    </>
  );
}

export interface ResourceFormPageProps extends FrameProps {
  /** Where Cancel goes (a link), or what it does. */
  cancelTo?: string;
  onCancel?: () => void;
  /** Shown beside the title (a Delete button, a Logs link). */
  actions?: ReactNode;
  /** Shown between the title and the form (DetailTabs). */
  tabs?: ReactNode;
  /** A stored record's header (RecordHeader), in place of the title and `actions`. */
  header?: ReactNode;
}

/** The form of a resource with a detail route: a page with the title and a sticky Save/Cancel footer. */
export function ResourceFormPage({
  title,
  submit,
  loading = false,
  error,
  saveLabel = KIT_TEXTS.save,
  saveDisabled = false,
  cancelTo,
  onCancel,
  actions,
  tabs,
  header,
  readOnly: readOnlyProp,
  children,
}: ResourceFormPageProps) {
  const readOnly = useReadOnly(readOnlyProp);
  const cancelLabel = readOnly ? KIT_TEXTS.backToList : KIT_TEXTS.cancel;
  const cancel = cancelTo ? (
    <Button variant="default" component={Link} to={cancelTo}>
      {cancelLabel}
    </Button>
  ) : onCancel ? (
    <Button variant="default" onClick={onCancel}>
      {cancelLabel}
    </Button>
  ) : null;
  const routeTitle = useRouteTitle();
  return (
    <Stack gap="md">
      {header ?? (
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1}>{title ?? routeTitle}</Title>
          {actions && <Group gap="sm">{actions}</Group>}
        </Group>
      )}
      {tabs}
      {loading ? (
        <Group gap="xs" py="xl">
          <Loader size="sm" />
          <Text size="sm">{KIT_TEXTS.loadingRecord}</Text>
        </Group>
      ) : error ? (
        <Alert color="red" role="alert">
          <Stack gap="xs" align="flex-start">
            <Box>{error}</Box>
            {cancel}
          </Stack>
        </Alert>
      ) : (
        <form onSubmit={readOnly ? noSubmit : submit?.onSubmit} noValidate>
          <Stack gap="md">
            {readOnly && <ReadOnlyNote />}
            {children}
            <Paper
              withBorder
              p="sm"
              radius="md"
              shadow="sm"
              style={{ position: 'sticky', bottom: 0, zIndex: 2 }}
              data-testid="form-footer"
            >
              <Group justify="flex-end" gap="sm">
                {cancel}
                {!readOnly && (
                  <Button type="submit" loading={submit?.isPending} disabled={saveDisabled}>
                    {saveLabel}
                  </Button>
                )}
              </Group>
            </Paper>
          </Stack>
        </form>
      )}
      {submit?.dialog}
    </Stack>
  );
}
