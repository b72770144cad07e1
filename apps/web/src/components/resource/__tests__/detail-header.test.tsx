import { RESOURCE_STATUS_LABELS, RESOURCE_TEXTS, RESOURCES } from '@cuepoint/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fixtures.ts';
import { DetailHeader, playbackFact, servedAt } from '../detail-header.tsx';
import { RecordHeader } from '../record-header.tsx';
import { KIT_TEXTS } from '../texts.ts';
import { calls, encoderApi, makeEncoder, renderAt, shownToasts, spyToasts } from './harness.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const SOURCE = 'https://origin.example.com/live/one/';

describe('DetailHeader', () => {
  it('shows the name as the heading, the type, the status and the facts as a description list', () => {
    renderAt(
      <DetailHeader
        name="Channel One"
        type="Live stream"
        status="inactive"
        facts={[
          { id: 'source', label: 'Source stream URL', value: SOURCE, ltr: true },
          { id: 'format', label: 'Format', value: 'HLS' },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Channel One' })).toBeInTheDocument();
    expect(screen.getByText('Live stream')).toBeInTheDocument();
    expect(screen.getByText(RESOURCE_STATUS_LABELS.inactive)).toBeInTheDocument();
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(['Source stream URL', 'Format']);
    const source = screen.getByText(SOURCE);
    expect(source).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('HLS')).not.toHaveAttribute('dir');
    // Nothing to copy, no menu: no buttons.
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('copies a fact with a button named after it, and says so', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt(
      <DetailHeader
        name="Channel One"
        type="Live stream"
        facts={[{ id: 'source', label: 'Source stream URL', value: SOURCE, copy: SOURCE, ltr: true }]}
      />,
    );
    // Named after the fact, acronyms kept: 'Copy source stream URL', 'Copy ID'.
    expect(KIT_TEXTS.copy('Source stream URL')).toBe('Copy source stream URL');
    expect(KIT_TEXTS.copy('ID')).toBe('Copy ID');
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.copy('Source stream URL') }));
    expect(await navigator.clipboard.readText()).toBe(SOURCE);
    expect(await screen.findByRole('status')).toHaveTextContent(KIT_TEXTS.copied);
  });

  it('toasts when the text could not be copied', async () => {
    const user = userEvent.setup({ delay: null });
    const toasts = spyToasts();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const execCommand = document.execCommand;
    document.execCommand = vi.fn(() => false);
    try {
      renderAt(
        <DetailHeader name="A" type="Slate" facts={[{ id: 'id', label: 'ID', value: 'x', copy: 'x' }]} />,
      );
      await user.click(screen.getByRole('button', { name: KIT_TEXTS.copy('ID') }));
      await waitFor(() =>
        expect(shownToasts(toasts)).toEqual([{ message: KIT_TEXTS.copyFailed, type: 'error' }]),
      );
    } finally {
      document.execCommand = execCommand;
    }
  });

  it('puts the actions beside the More menu, whose button is named and holds the destructive items', async () => {
    const user = userEvent.setup({ delay: null });
    const onDelete = vi.fn();
    renderAt(
      <DetailHeader
        name="Channel One"
        type="Live stream"
        actions={<button type="button">Logs</button>}
        more={[{ id: 'delete', label: KIT_TEXTS.delete, destructive: true, onClick: onDelete }]}
      />,
    );
    expect(screen.getByRole('button', { name: 'Logs' })).toBeInTheDocument();
    // No Delete button beside the title: it is an item of More.
    expect(screen.queryByRole('button', { name: KIT_TEXTS.delete })).toBeNull();
    const more = screen.getByRole('button', { name: KIT_TEXTS.moreNamed('Channel One') });
    expect(more).toHaveTextContent(KIT_TEXTS.more);
    await user.click(more);
    const item = await screen.findByRole('menuitem', { name: KIT_TEXTS.delete });
    expect(item).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(item);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});

describe('playbackFact', () => {
  it('holds the slot until the data plane gives URLs, then lists each with a copy button', () => {
    renderAt(<DetailHeader name="A" type="Live stream" facts={[playbackFact()]} />);
    expect(screen.getByRole('term')).toHaveTextContent(KIT_TEXTS.playbackUrls);
    expect(screen.getByText(KIT_TEXTS.playbackPending)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lists URLs left-to-right with labelled copy buttons', () => {
    const urls = ['https://play.example.com/a.m3u8', 'https://play.example.com/a.mpd'];
    renderAt(<DetailHeader name="A" type="Live stream" facts={[playbackFact(urls)]} />);
    for (const url of urls) expect(screen.getByText(url)).toHaveAttribute('dir', 'ltr');
    expect(screen.getAllByRole('button', { name: KIT_TEXTS.copy(KIT_TEXTS.playbackUrl) })).toHaveLength(2);
  });
});

describe('servedAt', () => {
  it('puts a playback path on the data plane’s own base, else on the console’s origin', () => {
    expect(servedAt('/play/live/7a/master.m3u8', 'https://play.example.com/')).toBe(
      'https://play.example.com/play/live/7a/master.m3u8',
    );
    expect(servedAt('/play/vod/7a/master.m3u8', 'https://cdn.example.com/edge')).toBe(
      'https://cdn.example.com/edge/play/vod/7a/master.m3u8',
    );
    // The test setup's runtime config has none: the page's own origin.
    expect(servedAt('/play/live/7a/master.m3u8')).toBe(`${window.location.origin}/play/live/7a/master.m3u8`);
  });
});

describe('RecordHeader', () => {
  const record = makeEncoder({ name: 'Studio A', status: 'active', updatedBy: 'ada@example.com' });

  it("adds the record's last change (when, by whom) and its id, left-to-right, and a Logs link", () => {
    stubApi({});
    renderAt(<RecordHeader api={encoderApi} record={record} logsTo="/things/logs" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Studio A' })).toBeInTheDocument();
    expect(screen.getByText(RESOURCES.encoder.label)).toBeInTheDocument();
    expect(screen.getByText(RESOURCE_STATUS_LABELS.active)).toBeInTheDocument();
    const changed = screen.getByText(KIT_TEXTS.lastChanged).nextElementSibling as HTMLElement;
    expect(changed.querySelector('time')).toHaveAttribute('dateTime', record.updatedAt);
    expect(changed.querySelector('time')).toHaveAttribute('dir', 'ltr');
    expect(within(changed).getByText('ada@example.com')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText(record._id)).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('button', { name: KIT_TEXTS.copy(KIT_TEXTS.id) })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: KIT_TEXTS.logs })).toHaveAttribute('href', '/things/logs');
  });

  it('deletes from More behind a dialog that names the record', async () => {
    const user = userEvent.setup({ delay: null });
    const toasts = spyToasts();
    const fetchMock = stubApi({
      [`DELETE ssai/encoder/${record._id}`]: () => jsonResponse(200, { _id: record._id }),
    });
    const onDeleted = vi.fn();
    renderAt(<RecordHeader api={encoderApi} record={record} onDeleted={onDeleted} />);
    await user.click(screen.getByRole('button', { name: KIT_TEXTS.moreNamed('Studio A') }));
    await user.click(await screen.findByRole('menuitem', { name: KIT_TEXTS.delete }));
    const dialog = await screen.findByRole('dialog', {
      name: RESOURCE_TEXTS.deleteTitle(RESOURCES.encoder.label, 'Studio A'),
    });
    expect(dialog).toHaveTextContent(RESOURCE_TEXTS.deleteConfirm(RESOURCES.encoder.label, 'Studio A'));
    await user.click(within(dialog).getByRole('button', { name: KIT_TEXTS.delete }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls(fetchMock)).toEqual([`DELETE ssai/encoder/${record._id}`]);
    expect(shownToasts(toasts)).toEqual([{ message: RESOURCE_TEXTS.deleted('Encoder'), type: 'success' }]);
  });

  it('has no More menu when the record may not be deleted', () => {
    stubApi({});
    renderAt(<RecordHeader api={encoderApi} record={record} deletable={false} />);
    expect(screen.queryByRole('button', { name: KIT_TEXTS.moreNamed('Studio A') })).toBeNull();
  });
});
