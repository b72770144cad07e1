import { EVENT_TAIL_INTERVAL_MS, type ResourceEvent } from '@cuepoint/core';
import { useDocumentVisibility } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';

interface Options {
  /** Tail only while on (and while the tab is visible). */
  enabled: boolean;
  /** The newest event id already on screen ('0' when none). */
  after: string;
  /** Asks for the events newer than an id, oldest first. */
  load: (after: string) => Promise<{ data: ResourceEvent[] }>;
  /** Receives each non-empty batch, oldest first. */
  onEvents: (events: ResourceEvent[]) => void;
  intervalMs?: number;
}

const asId = (id: string) => (/^\d+$/.test(id) ? BigInt(id) : 0n);
/** The newer of two event ids (numeric strings, increasing). */
export const newerId = (a: string, b: string) => (asId(b) > asId(a) ? b : a);

/**
 * The live tail: every EVENT_TAIL_INTERVAL_MS, while enabled and the tab is visible, asks for the
 * events after the newest one seen and hands them over. One request at a time; a failed request
 * is reported (`failed`) and the next interval tries again.
 */
export function useLiveTail({
  enabled,
  after,
  load,
  onEvents,
  intervalMs = EVENT_TAIL_INTERVAL_MS,
}: Options) {
  const visible = useDocumentVisibility() === 'visible';
  const [failed, setFailed] = useState(false);
  const cursor = useRef(after);
  const latest = useRef({ load, onEvents });
  latest.current = { load, onEvents };
  // The screen's newest id moves forward with a refetch; the tail's own answers move it too.
  cursor.current = newerId(cursor.current, after);

  const running = enabled && visible;
  useEffect(() => {
    if (!running) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const { data } = await latest.current.load(cursor.current);
        if (cancelled) return;
        setFailed(false);
        if (data.length > 0) {
          cursor.current = data.reduce((max, event) => newerId(max, event._id), cursor.current);
          latest.current.onEvents(data);
        }
      } catch {
        if (cancelled) return;
        setFailed(true);
      }
      timer = setTimeout(tick, intervalMs);
    };
    timer = setTimeout(tick, intervalMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [running, intervalMs]);

  return { running, paused: enabled && !visible, failed: enabled && failed };
}
