/**
 * One ad break's diagnostics: why it went as it did (what most viewers got and the main
 * reason), the beacons sent, and each of the newest viewers' decisions: the ad request as sent,
 * every candidate ad with why it was placed or skipped, and the notes.
 */
import { BEACON_EVENTS, type BreakDecision, type BreakDetail, SKIP_REASONS } from '@cuepoint/core';
import {
  Accordion,
  Alert,
  Badge,
  CloseButton,
  Code,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../query-state.tsx';
import { breakDetailQuery, type PlaybackKind } from './api.ts';
import { dominantOutcome, timeOf } from './break-timeline.tsx';
import classes from './playback.module.css';
import { OUTCOME_BADGES, OUTCOME_LABELS, PLAYBACK_PANEL_TEXTS as T } from './texts.ts';

interface DiagnosticsProps {
  kind: PlaybackKind;
  resourceId: string;
  availId: string;
  onClose: () => void;
}

export function BreakDiagnostics({ kind, resourceId, availId, onClose }: DiagnosticsProps) {
  const query = useQuery(breakDetailQuery(kind, resourceId, availId));
  return (
    <Paper withBorder p="md" component="section" aria-label={T.breakDetails}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <Title order={3} size="h4">
          {query.data ? T.breakAt(timeOf(query.data.summary.at)) : T.breakDetails}
        </Title>
        <CloseButton aria-label={T.closeDetails} onClick={onClose} />
      </Group>
      <QueryState query={query} loading={T.loadingDetails} failed={T.detailsFailed}>
        {(detail) => <DetailBody detail={detail} />}
      </QueryState>
    </Paper>
  );
}

function Why({ detail }: { detail: BreakDetail }) {
  const { summary } = detail;
  const outcome = dominantOutcome(summary);
  const others = summary.viewers - summary.filled;
  const worst =
    outcome === 'filled' ? (['partial', 'slate', 'content'] as const).find((o) => summary[o] > 0) : outcome;
  const reason = summary.topReason ? SKIP_REASONS[summary.topReason] : null;
  return (
    // No coloured title: Mantine's light title colours miss the contrast ratio (axe).
    <Alert color={OUTCOME_BADGES[outcome].color} role="status">
      <Text size="sm" fw={700}>
        {T.why}
      </Text>
      <Text size="sm">
        {others === 0 || !worst ? (
          T.whyFilled
        ) : (
          // It starts with a number ("3 of 10 viewers…"): isolated, so right to left keeps its order.
          <bdi>{T.whyOthers(summary[worst], summary.viewers, OUTCOME_LABELS[worst], reason)}</bdi>
        )}
      </Text>
    </Alert>
  );
}

function DetailBody({ detail }: { detail: BreakDetail }) {
  return (
    <Stack gap="md">
      <Why detail={detail} />
      <div>
        <Title order={4} size="h5" mb="xs">
          {T.beacons}
        </Title>
        {detail.beacons.length === 0 ? (
          <Text size="sm" c="dimmed">
            {T.noBeacons}
          </Text>
        ) : (
          <Table fz="sm" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.beaconColumns.event}</Table.Th>
                <Table.Th>{T.beaconColumns.sent}</Table.Th>
                <Table.Th>{T.beaconColumns.failed}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...detail.beacons]
                .sort((a, b) => lifecycle(a.event) - lifecycle(b.event))
                .map((b) => (
                  <Table.Tr key={b.event}>
                    <Table.Td>{b.event}</Table.Td>
                    <Table.Td>{b.sent}</Table.Td>
                    <Table.Td>{b.failed}</Table.Td>
                  </Table.Tr>
                ))}
            </Table.Tbody>
          </Table>
        )}
      </div>
      <div>
        <Title order={4} size="h5" mb="xs">
          {T.decisions(detail.decisions.length)}
        </Title>
        <Accordion
          variant="contained"
          defaultValue={detail.decisions[0] ? keyOf(detail.decisions[0], 0) : null}
        >
          {detail.decisions.map((d, i) => (
            <Accordion.Item key={keyOf(d, i)} value={keyOf(d, i)}>
              <Accordion.Control>
                <Group gap="sm" wrap="wrap">
                  <Text size="sm" dir="ltr">
                    {timeOf(d.at)}
                  </Text>
                  <Badge variant="dot" color={OUTCOME_BADGES[d.outcome].color} size="sm">
                    {OUTCOME_BADGES[d.outcome].label}
                  </Badge>
                  {d.reason && <Text size="sm">{SKIP_REASONS[d.reason]}</Text>}
                  <Text size="xs" c="dimmed" dir="ltr">
                    {T.session} {d.sessionId}
                  </Text>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Decision decision={d} />
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </div>
    </Stack>
  );
}

/** Beacons in the order an ad's playback reaches them (impression first, complete last). */
const lifecycle = (event: string) => {
  const index = (BEACON_EVENTS as readonly string[]).indexOf(event);
  return index === -1 ? BEACON_EVENTS.length : index;
};

const keyOf = (d: BreakDecision, i: number) => `${d.sessionId ?? 'session'}-${i}`;

function Decision({ decision }: { decision: BreakDecision }) {
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={600}>
          {T.request}
          {decision.latencyMs !== null && (
            <Text span size="sm" fw={400} c="dimmed">
              {' '}
              ({T.latency(decision.latencyMs)})
            </Text>
          )}
        </Text>
        {decision.requestUrl ? (
          <Code block dir="ltr" className={classes.code}>
            {decision.requestUrl}
          </Code>
        ) : (
          <Text size="sm" c="dimmed">
            {T.noRequest}
          </Text>
        )}
      </div>
      <div>
        <Text size="sm" fw={600} mb={4}>
          {T.candidates}
        </Text>
        {decision.candidates.length === 0 ? (
          <Text size="sm" c="dimmed">
            {T.noCandidates}
          </Text>
        ) : (
          <Table fz="sm" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.candidateColumns.ad}</Table.Th>
                <Table.Th>{T.candidateColumns.duration}</Table.Th>
                <Table.Th>{T.candidateColumns.result}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {decision.candidates.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <span dir="ltr">{c.id}</span>
                    {c.title && <Text span size="sm" c="dimmed">{` ${c.title}`}</Text>}
                  </Table.Td>
                  <Table.Td dir="ltr">{T.seconds(c.duration)}</Table.Td>
                  <Table.Td>
                    {c.chosen ? (
                      <Badge variant="dot" color="teal" size="sm">
                        {T.placed}
                      </Badge>
                    ) : (
                      <Text size="sm">
                        {T.skipped(c.reason ? SKIP_REASONS[c.reason] : '')}
                        {c.detail && (
                          <Text span size="xs" c="dimmed" display="block">
                            {c.detail}
                          </Text>
                        )}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </div>
      {decision.notes.length > 0 && (
        <div>
          <Text size="sm" fw={600}>
            {T.notes}
          </Text>
          <List size="sm" spacing={2}>
            {decision.notes.map((note, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes are plain texts that may repeat
              <List.Item key={i}>{note}</List.Item>
            ))}
          </List>
        </div>
      )}
    </Stack>
  );
}
