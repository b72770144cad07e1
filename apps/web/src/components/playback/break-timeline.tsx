/**
 * The ad breaks of the last hours: a strip with one button per break where it happened (its
 * colour what most viewers got; a red edge when the ad server failed), and the same breaks as a
 * table. Either selects a break, whose diagnostics open below.
 */
import { BREAK_TIMELINE_HOURS, type BreakOutcome, type BreakSummary, SKIP_REASONS } from '@cuepoint/core';
import { Box, Group, ScrollArea, Table, Text, UnstyledButton } from '@mantine/core';
import classes from './playback.module.css';
import { OUTCOME_BADGES, PLAYBACK_PANEL_TEXTS as T } from './texts.ts';

/** What most viewers of a break got. */
export function dominantOutcome(summary: BreakSummary): BreakOutcome {
  const counts: [BreakOutcome, number][] = [
    ['filled', summary.filled],
    ['partial', summary.partial],
    ['slate', summary.slate],
    ['content', summary.content],
  ];
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

export const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

interface TimelineProps {
  breaks: readonly BreakSummary[];
  selected: string | null;
  onSelect: (availId: string) => void;
  now: number;
}

export function BreakTimeline({ breaks, selected, onSelect, now }: TimelineProps) {
  const span = BREAK_TIMELINE_HOURS * 3_600_000;
  const from = now - span;
  return (
    <Box>
      <Box className={classes.strip} role="group" aria-label={T.timelineLabel}>
        {breaks.map((b) => {
          const outcome = dominantOutcome(b);
          const start = Math.min(100, Math.max(0, ((Date.parse(b.at) - from) / span) * 100));
          const width = Math.max(0.6, (((b.availSeconds ?? 30) * 1000) / span) * 100);
          return (
            <UnstyledButton
              key={b.availId}
              className={classes.mark}
              data-outcome={outcome}
              data-errors={b.errors > 0 || undefined}
              data-selected={selected === b.availId || undefined}
              aria-pressed={selected === b.availId}
              style={{ insetInlineStart: `${start}%`, width: `${width}%` }}
              aria-label={T.breakButton(timeOf(b.at), b.viewers, OUTCOME_BADGES[outcome].label)}
              title={T.breakButton(timeOf(b.at), b.viewers, OUTCOME_BADGES[outcome].label)}
              onClick={() => onSelect(b.availId)}
            />
          );
        })}
      </Box>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          <bdi>{T.hoursAgo(BREAK_TIMELINE_HOURS)}</bdi>
        </Text>
        <Text size="xs" c="dimmed">
          {T.now}
        </Text>
      </Group>
      <ScrollArea.Autosize mah={280} mt="sm" type="auto">
        <Table striped highlightOnHover stickyHeader fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.columns.time}</Table.Th>
              <Table.Th>{T.columns.duration}</Table.Th>
              <Table.Th>{T.columns.viewers}</Table.Th>
              <Table.Th>{T.columns.filled}</Table.Th>
              <Table.Th>{T.columns.slate}</Table.Th>
              <Table.Th>{T.columns.errors}</Table.Th>
              <Table.Th>{T.columns.reason}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {breaks.map((b) => {
              const outcome = dominantOutcome(b);
              return (
                <Table.Tr
                  key={b.availId}
                  className={classes.row}
                  data-selected={selected === b.availId || undefined}
                  onClick={() => onSelect(b.availId)}
                >
                  <Table.Td>
                    <UnstyledButton
                      className={classes.rowButton}
                      aria-pressed={selected === b.availId}
                      onClick={(event) => {
                        event.stopPropagation();
                        onSelect(b.availId);
                      }}
                    >
                      <span dir="ltr">{timeOf(b.at)}</span>
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td dir="ltr">{T.seconds(b.availSeconds)}</Table.Td>
                  <Table.Td>{b.viewers}</Table.Td>
                  <Table.Td dir="ltr" title={OUTCOME_BADGES[outcome].label}>
                    {T.percent(b.filled + b.partial, b.viewers)}
                  </Table.Td>
                  <Table.Td>{b.slate + b.content}</Table.Td>
                  <Table.Td>{b.errors}</Table.Td>
                  <Table.Td>{b.topReason ? SKIP_REASONS[b.topReason] : '–'}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Box>
  );
}
