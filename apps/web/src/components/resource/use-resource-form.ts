/**
 * The form of one record, new or stored: its values (from the record, or the resource's defaults
 * for a new one), validated with the resource's core schema, and its submit (useResourceSubmit)
 * with the version the values were read at. The page and the dialog of the kit share it.
 */
import type { ResourceKind } from '@cuepoint/core';
import { useState } from 'react';
import type { z } from 'zod';
import type { ResourceApi, ResourceData, ResourceDto } from '../../lib/resource-api.ts';
import { useRoleAllows } from '../../lib/role-access.ts';
import { useConsoleForm, zodValidate } from '../../lib/zod-form.ts';
import { type FormValues, toFormValues, useResourceSubmit } from './resource-form.tsx';

export interface ResourceFormOptions<K extends ResourceKind, V extends FormValues> {
  api: ResourceApi<K>;
  /** The resource's core schema, the one the server applies; its input is the form's values. */
  schema: z.ZodType<unknown, V>;
  /** The form's values from a record or the defaults (`toFormValues` by default). */
  toValues?: (record: ResourceData<K>) => V;
  /** The payload from the form's values (the values as they are by default). */
  toData?: (values: V) => Record<string, unknown>;
  /** 'replace' (PUT, the default) sends every field; 'patch' only those `toData` gives. */
  method?: 'replace' | 'patch';
}

export function useResourceForm<K extends ResourceKind, V extends FormValues>(
  { api, schema, toValues, toData, method }: ResourceFormOptions<K, V>,
  /** The record edited; none to create one. */
  record: ResourceDto<K> | undefined,
  onSaved?: (saved: ResourceDto<K>, mode: 'created' | 'updated') => void,
) {
  const [initial] = useState(() =>
    toValues
      ? toValues(record ?? (api.spec.defaults as ResourceData<K>))
      : (toFormValues<K>(api.spec, record) as unknown as V),
  );
  // The version the form's values were read at: a later refetch must not make a stale edit current.
  const [version, setVersion] = useState(record?.version);
  // A viewer reads the record: every bound field is disabled (the frames show no Save).
  const readOnly = !useRoleAllows('write');
  const form = useConsoleForm<V>({
    initialValues: initial,
    validate: zodValidate(schema) as (values: V) => Record<string, string>,
    ...(readOnly ? { enhanceGetInputProps: () => ({ disabled: true }) } : {}),
  });
  const submit = useResourceSubmit({
    spec: api.spec,
    api,
    form,
    id: record?._id,
    version,
    method,
    toData,
    toValues,
    onSaved: (saved, mode) => {
      setVersion(saved.version);
      onSaved?.(saved, mode);
    },
  });
  return { form, submit };
}

/** The name a record shows as its form's title. */
export const recordName = (record: ResourceDto<ResourceKind>) => (record as { name: string }).name;
