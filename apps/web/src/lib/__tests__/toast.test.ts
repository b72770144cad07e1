import { TOAST_DURATION_MS } from '@cuepoint/core';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { showToast, type ToastType, toast } from '../toast.ts';

let show: MockInstance<typeof notifications.show>;
beforeEach(() => {
  show = vi.spyOn(notifications, 'show').mockImplementation(() => 'toast-id');
});
afterEach(() => show.mockRestore());

const shown = () => {
  expect(show).toHaveBeenCalledTimes(1);
  return show.mock.calls[0]![0];
};

describe('showToast', () => {
  it('shows the message for 4000 ms by default', () => {
    expect(showToast('success', 'Saved')).toBe('toast-id');
    expect(shown()).toMatchObject({ message: 'Saved', autoClose: 4000 });
  });

  it.each([
    ['default', 4000],
    ['short', 4000],
    ['medium', 6000],
    ['long', 8000],
    ['sticky', 60_000],
  ] as const)("uses %s's duration (%i ms)", (duration, ms) => {
    expect(TOAST_DURATION_MS[duration]).toBe(ms);
    showToast('info', 'x', { duration });
    expect(shown().autoClose).toBe(ms);
  });

  it.each([
    ['success', 'green', 'status'],
    ['error', 'red', 'alert'],
    ['warning', 'yellow', 'status'],
    ['info', 'blue', 'status'],
  ] as const)('shows a %s toast in %s with role %s', (type, color, role) => {
    showToast(type, 'Message');
    expect(shown()).toMatchObject({ color, role });
  });

  it('has a title per type, which the caller may replace', () => {
    const titles = (['success', 'error', 'warning', 'info'] as ToastType[]).map((type) => {
      showToast(type, 'x');
      return show.mock.lastCall![0].title;
    });
    expect(titles.every((title) => typeof title === 'string' && title.length > 0)).toBe(true);
    expect(new Set(titles).size).toBe(4);
    show.mockClear();
    showToast('error', 'x', { title: 'Upload failed' });
    expect(shown().title).toBe('Upload failed');
  });
});

describe('toast.*', () => {
  it.each([
    ['success', 'green', 'status'],
    ['error', 'red', 'alert'],
    ['warning', 'yellow', 'status'],
    ['info', 'blue', 'status'],
  ] as const)('toast.%s shows a %s toast with role %s for 4000 ms', (type, color, role) => {
    toast[type]('Hello');
    expect(shown()).toMatchObject({ message: 'Hello', color, role, autoClose: 4000 });
  });

  it('passes its options on', () => {
    toast.warning('Careful', { duration: 'long', title: 'Heads up' });
    expect(shown()).toMatchObject({
      message: 'Careful',
      title: 'Heads up',
      autoClose: 8000,
      color: 'yellow',
    });
  });
});
