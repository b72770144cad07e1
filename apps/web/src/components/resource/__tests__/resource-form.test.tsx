import { RESOURCE_TEXTS, RESOURCES, SLATE_DEFAULTS, SLATE_LABELS, slateSchema } from '@cuepoint/core';
import { NumberInput, TextInput } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { useZodForm } from '../../../lib/zod-form.ts';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { ResourceFormModal, ResourceFormPage, toFormValues, useResourceSubmit } from '../resource-form.tsx';
import { KIT_TEXTS } from '../texts.ts';
import { calls, jsonBody, makeSlate, renderAt, shownToasts, slateApi, spyToasts } from './harness.tsx';

function SlateForm({
  record,
  onSaved = () => {},
}: {
  record?: ResourceDto<'slate'>;
  onSaved?: (saved: ResourceDto<'slate'>, mode: 'created' | 'updated') => void;
}) {
  const form = useZodForm(slateSchema, toFormValues(RESOURCES.slate, record));
  const submit = useResourceSubmit({
    spec: RESOURCES.slate,
    api: slateApi,
    form,
    id: record?._id,
    version: record?.version,
    onSaved,
  });
  return (
    <ResourceFormModal opened onClose={() => {}} title="Slate" submit={submit}>
      <TextInput label={SLATE_LABELS.name} key={form.key('name')} {...form.getInputProps('name')} />
      <TextInput
        label={SLATE_LABELS.videoUrl}
        key={form.key('videoUrl')}
        {...form.getInputProps('videoUrl')}
      />
      <NumberInput
        label={SLATE_LABELS.duration}
        key={form.key('duration')}
        {...form.getInputProps('duration')}
      />
    </ResourceFormModal>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

const nameInput = () => screen.getByRole('textbox', { name: SLATE_LABELS.name });
const save = () => screen.getByRole('button', { name: KIT_TEXTS.save });

describe('toFormValues', () => {
  it('takes the data fields of a record over the defaults, without the meta fields', () => {
    const record = makeSlate();
    expect(toFormValues(RESOURCES.slate, record)).toEqual({
      name: 'Fill',
      sourceType: 'url',
      videoUrl: 'https://cdn.example.com/fill.mp4',
      duration: 12,
      status: 'active',
    });
    expect(toFormValues(RESOURCES.slate, undefined)).toEqual(SLATE_DEFAULTS);
  });
});

describe('useResourceSubmit', () => {
  it('creates with POST (the data only), toasts and reports the record', async () => {
    const toasts = spyToasts();
    const created = makeSlate({ name: 'New fill', version: 1 });
    const fetchMock = stubApi({ 'POST ssai/slate': () => jsonResponse(201, created) });
    const onSaved = vi.fn();
    renderAt(<SlateForm onSaved={onSaved} />);
    const user = userEvent.setup({ delay: null });
    await user.type(nameInput(), 'New fill');
    await user.type(
      screen.getByRole('textbox', { name: SLATE_LABELS.videoUrl }),
      'https://cdn.example.com/n.mp4',
    );
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created, 'created'));
    expect(jsonBody(fetchMock.mock.calls[0]![1])).toEqual({
      name: 'New fill',
      sourceType: 'url',
      videoUrl: 'https://cdn.example.com/n.mp4',
      duration: 10,
      status: 'active',
    });
    expect(shownToasts(toasts)).toEqual([{ message: RESOURCE_TEXTS.created('Slate'), type: 'success' }]);
  });

  it('does not send what the core schema refuses', async () => {
    const fetchMock = stubApi({});
    renderAt(<SlateForm />);
    await userEvent.setup({ delay: null }).click(save());
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual([]);
  });

  it('shows the messages of a 400 under their fields (and one it cannot place as a toast)', async () => {
    const toasts = spyToasts();
    const record = makeSlate();
    stubApi({
      [`PUT ssai/slate/${record._id}`]: () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid request',
          fields: [
            { field: 'name', message: RESOURCE_TEXTS.duplicateName('Slate') },
            { field: 'customerId', message: RESOURCE_TEXTS.customerNotAllowed },
          ],
        }),
    });
    const onSaved = vi.fn();
    renderAt(<SlateForm record={record} onSaved={onSaved} />);
    await userEvent.setup({ delay: null }).click(save());
    await waitFor(() =>
      expect(nameInput()).toHaveAccessibleDescription(RESOURCE_TEXTS.duplicateName('Slate')),
    );
    expect(shownToasts(toasts)).toEqual([{ message: RESOURCE_TEXTS.customerNotAllowed, type: 'error' }]);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('offers to reload on 409: the reload fills the form with the stored values and the next save names their version', async () => {
    const toasts = spyToasts();
    const record = makeSlate();
    const theirs = makeSlate({ _id: record._id, version: 4, name: 'Renamed elsewhere', duration: 30 });
    const puts: Record<string, unknown>[] = [];
    const fetchMock = stubApi({
      [`PUT ssai/slate/${record._id}`]: (init) => {
        const body = jsonBody(init);
        puts.push(body);
        return body.version === 3
          ? jsonResponse(409, {
              statusCode: 409,
              error: 'Conflict',
              message: RESOURCE_TEXTS.staleVersion('Slate'),
              currentVersion: 4,
            })
          : jsonResponse(200, { ...theirs, ...body, version: 5 });
      },
      [`GET ssai/slate/${record._id}`]: () => jsonResponse(200, theirs),
    });
    const onSaved = vi.fn();
    renderAt(<SlateForm record={record} onSaved={onSaved} />);
    const user = userEvent.setup({ delay: null });
    await user.clear(nameInput());
    await user.type(nameInput(), 'Mine');
    await user.click(save());

    const dialog = await screen.findByRole('dialog', { name: RESOURCE_TEXTS.conflictTitle });
    expect(dialog).toHaveTextContent(RESOURCE_TEXTS.staleVersion('Slate'));
    expect(onSaved).not.toHaveBeenCalled();
    expect(toasts).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: RESOURCE_TEXTS.reload }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: RESOURCE_TEXTS.conflictTitle })).toBeNull(),
    );
    expect(nameInput()).toHaveValue('Renamed elsewhere');
    expect(screen.getByRole('textbox', { name: SLATE_LABELS.duration })).toHaveValue('30');
    expect(calls(fetchMock)).toContain(`GET ssai/slate/${record._id}`);

    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(puts.map((p) => [p.version, p.name])).toEqual([
      [3, 'Mine'],
      [4, 'Renamed elsewhere'],
    ]);
    expect(puts[1]).not.toHaveProperty('_id');
    expect(shownToasts(toasts)).toEqual([{ message: RESOURCE_TEXTS.updated('Slate'), type: 'success' }]);
  });

  it('toasts blank for any other failure whose answer does not say showMessage (spec section 8)', async () => {
    const toasts = spyToasts();
    const record = makeSlate();
    stubApi({
      [`PUT ssai/slate/${record._id}`]: () =>
        jsonResponse(500, {
          statusCode: 500,
          error: 'Internal Server Error',
          message: 'relation "x" does not exist',
        }),
    });
    renderAt(<SlateForm record={record} />);
    await userEvent.setup().click(save());
    await waitFor(() => expect(shownToasts(toasts)).toEqual([{ message: '', type: 'error' }]));
  });

  it('toasts the server message of any other failure when the answer says showMessage', async () => {
    const toasts = spyToasts();
    const record = makeSlate();
    stubApi({
      [`PUT ssai/slate/${record._id}`]: () =>
        jsonResponse(404, {
          statusCode: 404,
          error: 'Not Found',
          message: RESOURCE_TEXTS.notFound('Slate'),
          showMessage: true,
        }),
    });
    renderAt(<SlateForm record={record} />);
    await userEvent.setup({ delay: null }).click(save());
    await waitFor(() =>
      expect(shownToasts(toasts)).toEqual([{ message: RESOURCE_TEXTS.notFound('Slate'), type: 'error' }]),
    );
  });
});

function SlatePage({ record }: { record: ResourceDto<'slate'> }) {
  const form = useZodForm(slateSchema, toFormValues(RESOURCES.slate, record));
  const submit = useResourceSubmit({
    spec: RESOURCES.slate,
    api: slateApi,
    form,
    id: record._id,
    version: record.version,
    method: 'patch',
    toData: (values) => ({ name: values.name }),
  });
  return (
    <ResourceFormPage title={record.name} submit={submit} cancelTo="/things">
      <TextInput label={SLATE_LABELS.name} key={form.key('name')} {...form.getInputProps('name')} />
    </ResourceFormPage>
  );
}

describe('ResourceFormPage', () => {
  it('frames the form with a title and Save/Cancel; a partial update sends POST with the version', async () => {
    const record = makeSlate();
    const posts: Record<string, unknown>[] = [];
    stubApi({
      [`POST ssai/slate/${record._id}`]: (init) => {
        posts.push(jsonBody(init));
        return jsonResponse(200, { ...record, name: 'Renamed', version: 4 });
      },
    });
    spyToasts();
    renderAt(<SlatePage record={record} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Fill' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: KIT_TEXTS.cancel })).toHaveAttribute('href', '/things');
    const user = userEvent.setup({ delay: null });
    await user.clear(nameInput());
    await user.type(nameInput(), 'Renamed');
    await user.click(save());
    await waitFor(() => expect(posts).toEqual([{ name: 'Renamed', version: 3 }]));
  });
});
