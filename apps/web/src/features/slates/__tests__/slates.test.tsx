import {
  RESOURCE_TEXTS,
  SLATE_DEFAULTS,
  SLATE_LABELS,
  SLATE_TEXTS,
  SLATE_VIDEO_MAX_BYTES,
  VALIDATION_MESSAGES,
} from '@cuepoint/core';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { jsonResponse, makeUser, signIn, stubApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { renderRoutes } from '../../../test/render-router.tsx';
import { SLATE_SCREEN_TEXTS as T } from '../texts.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const ID = '7a1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
const UPLOADED = 'http://localhost/files/public/abc123.mp4';
const slate = (overrides: Partial<ResourceDto<'slate'>> = {}): ResourceDto<'slate'> => ({
  ...SLATE_DEFAULTS,
  _id: ID,
  customerId: '3b0b5c2e-6a4f-4c1e-9d0a-2f7f4f1f0c11',
  version: 1,
  createdAt: '2025-01-02T10:00:00.000Z',
  updatedAt: '2025-01-03T11:30:00.000Z',
  updatedBy: 'ada@example.com',
  name: 'Fill',
  videoUrl: 'https://cdn.example.com/fill.mp4',
  ...overrides,
});
const listAnswer =
  (data = [slate()]) =>
  () =>
    jsonResponse(200, { data, total: data.length });

const ROUTES: RouteObject[] = [
  { path: '/slates', handle: { title: 'Slates' }, lazy: () => import('../routes/slates.tsx') },
  { path: '/slates/:detail', handle: { title: 'Slate' }, lazy: () => import('../routes/slate-detail.tsx') },
];
function open(path = '/slates') {
  const view = renderRoutes(ROUTES, path);
  return {
    ...view,
    search: () => view.router.state.location.search.replace(/^\?/, ''),
    pathname: () => view.router.state.location.pathname,
  };
}
/** The create page (every list creates on a page of its own). */
const createPage = () => screen.findByRole('heading', { level: 1, name: T.newSlate });

const labelled = (label: string) => new RegExp(`^${label}\\s*\\*?$`);
const field = (label: string) => screen.getByLabelText(labelled(label), { selector: 'input, textarea' });
const video = (name = 'fill.mp4', size?: number) => {
  const file = new File(['\0\0\0\u0018ftypmp42'], name, {
    type: name.endsWith('.ts') ? 'video/mp2t' : 'video/mp4',
  });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};
const spyToasts = () => vi.spyOn(notifications, 'show').mockImplementation(() => 'toast');
const toastMessages = (spy: ReturnType<typeof spyToasts>) => spy.mock.calls.map(([t]) => t.message);

async function newSlateWithUpload() {
  const user = userEvent.setup({ delay: null });
  await createPage();
  await user.type(field(SLATE_LABELS.name), 'House fill');
  await user.click(screen.getByRole('radio', { name: T.sources.upload }));
  return user;
}

describe('/slates', () => {
  it('is a built screen of the console: the list of slates', async () => {
    const user = makeUser();
    signIn(user);
    stubApi({
      [`GET user/getUser/${user._id}`]: () => jsonResponse(200, user),
      'GET ssai/slate': listAnswer([
        slate(),
        slate({ _id: `${ID.slice(0, -1)}0`, name: 'Promo', sourceType: 'upload' }),
      ]),
    });
    renderApp('/slates');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Slates' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await screen.findByRole('row', { name: 'Fill' });
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(within(rows[1]!).getByText(T.sources.url!)).toBeInTheDocument();
    expect(within(rows[1]!).getByText(T.seconds(10))).toBeInTheDocument();
    expect(
      within(rows[1]!).getByRole('link', { name: 'https://cdn.example.com/fill.mp4' }),
    ).toBeInTheDocument();
    expect(within(rows[2]!).getByText(T.sources.upload!)).toBeInTheDocument();
  });

  it('checks a URL source with the core message', async () => {
    const fetchMock = stubApi({ 'GET ssai/slate': listAnswer() });
    open('/slates/new');
    await createPage();
    const user = userEvent.setup({ delay: null });
    await user.type(field(SLATE_LABELS.name), 'Fill 2');
    await user.type(field(SLATE_LABELS.videoUrl), 'foo');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    await waitFor(() =>
      expect(field(SLATE_LABELS.videoUrl)).toHaveAccessibleDescription(VALIDATION_MESSAGES.invalidUrl),
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('uploads a chosen file (multipart) and saves its URL as an upload slate', async () => {
    const toasts = spyToasts();
    let uploaded: FormDataEntryValue | null = null;
    let created: Record<string, unknown> | undefined;
    stubApi({
      'GET ssai/slate': listAnswer(),
      'POST ssai/slate/upload': (init) => {
        uploaded = (init.body as FormData).get('file');
        return jsonResponse(201, { url: UPLOADED });
      },
      'POST ssai/slate': (init) => {
        created = JSON.parse(String(init.body));
        return jsonResponse(201, slate({ name: 'House fill', sourceType: 'upload', videoUrl: UPLOADED }));
      },
      [`GET ssai/slate/${ID}`]: () =>
        jsonResponse(200, slate({ name: 'House fill', sourceType: 'upload', videoUrl: UPLOADED })),
    });
    const view = open('/slates/new');
    const user = await newSlateWithUpload();
    expect(screen.getByTestId('slate-file')).toHaveAttribute('accept', '.mp4,.ts');
    await user.upload(screen.getByTestId('slate-file'), video());
    expect(await screen.findByTestId('slate-uploaded-url')).toHaveTextContent(UPLOADED);
    expect((uploaded as File | null)?.name).toBe('fill.mp4');
    await user.clear(field(SLATE_LABELS.duration));
    await user.type(field(SLATE_LABELS.duration), '7.5');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    // Created: the slate's own page.
    await waitFor(() => expect(view.pathname()).toBe(`/slates/${ID}`));
    expect(created).toEqual({
      name: 'House fill',
      sourceType: 'upload',
      videoUrl: UPLOADED,
      duration: 7.5,
      status: 'active',
    });
    expect(toastMessages(toasts)).toEqual([RESOURCE_TEXTS.created('Slate')]);
  });

  it('refuses a file above the size limit without uploading it', async () => {
    const fetchMock = stubApi({ 'GET ssai/slate': listAnswer() });
    open('/slates/new');
    const user = await newSlateWithUpload();
    await user.upload(screen.getByTestId('slate-file'), video('big.mp4', SLATE_VIDEO_MAX_BYTES + 1));
    expect(await screen.findByText(SLATE_TEXTS.videoTooLarge)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it("shows the server's message about a refused file under the file field", async () => {
    stubApi({
      'GET ssai/slate': listAnswer(),
      'POST ssai/slate/upload': () =>
        jsonResponse(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: SLATE_TEXTS.videoType,
          fields: [{ field: 'file', message: SLATE_TEXTS.videoType }],
        }),
    });
    open('/slates/new');
    const user = await newSlateWithUpload();
    await user.upload(screen.getByTestId('slate-file'), video('fake.ts'));
    expect(await screen.findByText(SLATE_TEXTS.videoType)).toBeInTheDocument();
    expect(screen.queryByTestId('slate-uploaded-url')).toBeNull();
  });

  it('asks for a file when an upload slate is saved without one', async () => {
    const fetchMock = stubApi({ 'GET ssai/slate': listAnswer() });
    open('/slates/new');
    const user = await newSlateWithUpload();
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.save }));
    expect(await screen.findByText(SLATE_TEXTS.videoRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('keeps each source its own URL when switching between them (on the page a row opens)', async () => {
    stubApi({
      'GET ssai/slate': listAnswer(),
      [`GET ssai/slate/${ID}`]: () => jsonResponse(200, slate()),
    });
    const view = open();
    const user = userEvent.setup({ delay: null });
    await user.click(within(await screen.findByRole('row', { name: 'Fill' })).getByText(T.seconds(10)));
    await waitFor(() => expect(view.pathname()).toBe(`/slates/${ID}`));
    await waitFor(() => expect(field(SLATE_LABELS.videoUrl)).toHaveValue('https://cdn.example.com/fill.mp4'));
    await user.click(screen.getByRole('radio', { name: T.sources.upload }));
    expect(screen.queryByTestId('slate-uploaded-url')).toBeNull();
    await user.click(screen.getByRole('radio', { name: T.sources.url }));
    expect(field(SLATE_LABELS.videoUrl)).toHaveValue('https://cdn.example.com/fill.mp4');
  });

  it('leads an older link to the form dialog (?new=1) to the create page', async () => {
    stubApi({ 'GET ssai/slate': listAnswer() });
    const view = open('/slates?new=1');
    await createPage();
    expect(view.pathname()).toBe('/slates/new');
  });

  it('says which stream uses a slate it cannot delete (409 with showMessage)', async () => {
    const toasts = spyToasts();
    const message = RESOURCE_TEXTS.inUse('Slate', [{ kind: 'live stream', name: 'News 24' }]);
    stubApi({
      'GET ssai/slate': listAnswer(),
      [`DELETE ssai/slate/${ID}`]: () =>
        jsonResponse(409, {
          statusCode: 409,
          error: 'Conflict',
          message,
          showMessage: true,
          usedBy: [{ kind: 'liveStream', _id: ID, name: 'News 24' }],
        }),
    });
    open();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: KIT_TEXTS.actionsFor('Fill') }));
    await user.click(await screen.findByRole('menuitem', { name: KIT_TEXTS.delete }));
    const confirm = await screen.findByRole('dialog', { name: RESOURCE_TEXTS.deleteTitle('Slate', 'Fill') });
    expect(confirm).toHaveTextContent(RESOURCE_TEXTS.deleteConfirm('Slate', 'Fill'));
    await user.click(within(confirm).getByRole('button', { name: KIT_TEXTS.delete }));
    await waitFor(() => expect(toastMessages(toasts)).toEqual([message]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
