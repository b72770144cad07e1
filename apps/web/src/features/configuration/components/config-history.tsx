/**
 * The History tab: every version (who, when, note, where a restore came from), two of them
 * compared side by side (the keys whose values differ), and a restore behind a confirmation.
 */
import {
  PLATFORM_CONFIG_TEXTS,
  type PlatformConfigChange,
  type PlatformConfigVersionInfo,
} from '@cuepoint/core';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../components/resource/format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useConfigCompare, useConfigHistory, useRestoreConfig } from '../api/platform-config-api.ts';
import { CONFIGURATION_TEXTS as T } from '../texts.ts';

function LoadState({ text }: { text: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="sm" />
      <Text size="sm">{text}</Text>
    </Group>
  );
}

function LoadFailed({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert" title={title}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button color="red.9" onClick={onRetry}>
          {T.tryAgain}
        </Button>
      </Stack>
    </Alert>
  );
}

/** A value in the diff: text as is, maps as JSON, empty as "(empty)". */
function DiffValue({ value }: { value: unknown }) {
  if (value === '' || value === undefined || value === null)
    return (
      <Text size="sm" c="dimmed">
        {T.empty}
      </Text>
    );
  return (
    <Code block dir="ltr" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {typeof value === 'string' ? value : JSON.stringify(value, null, 2)}
    </Code>
  );
}

function Comparison({ cluster, pair }: { cluster: string; pair: readonly [number, number] }) {
  const compare = useConfigCompare(cluster, pair);
  const [from, to] = pair;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="config-compare">
      <Stack gap="sm">
        <Title order={2} size="h4" id="config-compare">
          {T.compareTitle(from, to)}
        </Title>
        {compare.isPending && <LoadState text={T.compareLoading} />}
        {compare.isError && (
          <LoadFailed title={T.compareFailed} error={compare.error} onRetry={() => void compare.refetch()} />
        )}
        {compare.data && compare.data.changes.length === 0 && <Text size="sm">{T.noChanges}</Text>}
        {compare.data && compare.data.changes.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing="xs" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="25%">{T.key}</Table.Th>
                  <Table.Th>{T.before(from)}</Table.Th>
                  <Table.Th>{T.after(to)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {compare.data.changes.map((change: PlatformConfigChange) => (
                  <Table.Tr key={change.key}>
                    <Table.Th scope="row" fw={500}>
                      <Text size="sm">{PLATFORM_CONFIG_TEXTS.labels[change.key]}</Text>
                      <Text size="xs" c="dimmed" dir="ltr">
                        {change.key}
                      </Text>
                    </Table.Th>
                    <Table.Td>
                      <DiffValue value={change.from} />
                    </Table.Td>
                    <Table.Td>
                      <DiffValue value={change.to} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

function RestoreDialog({
  cluster,
  current,
  version,
  onClose,
}: {
  cluster: string;
  current: number;
  version: number | null;
  onClose: () => void;
}) {
  const restore = useRestoreConfig();
  const [note, setNote] = useState('');
  const close = () => {
    restore.reset();
    setNote('');
    onClose();
  };
  return (
    <Modal opened={version !== null} onClose={close} title={version === null ? '' : T.restoreTitle(version)}>
      {version !== null && (
        <Stack>
          <Text size="sm">{T.restoreQuestion(version, current + 1)}</Text>
          <Textarea
            label={T.restoreNote}
            rows={2}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={restore.error instanceof ApiError ? restore.error.fieldErrors.note : undefined}
          />
          {restore.isError && !(restore.error instanceof ApiError && restore.error.fieldErrors.note) && (
            <Alert color="red" role="alert">
              {restore.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-autofocus>
              {T.cancel}
            </Button>
            <Button
              loading={restore.isPending}
              onClick={() =>
                restore.mutate(
                  { cluster, version: current, restore: version, ...(note.trim() ? { note } : {}) },
                  {
                    onSuccess: (saved) => {
                      toast.success(T.restored(version, saved.version));
                      close();
                    },
                  },
                )
              }
            >
              {T.restore}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

export function ConfigHistory({ cluster }: { cluster: string }) {
  const history = useConfigHistory(cluster);
  const [selected, setSelected] = useState<number[]>([]);
  const [pair, setPair] = useState<readonly [number, number] | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);

  if (history.isPending) return <LoadState text={T.historyLoading} />;
  if (history.isError)
    return (
      <LoadFailed title={T.historyFailed} error={history.error} onRetry={() => void history.refetch()} />
    );
  const { versions, current } = history.data;
  if (versions.length === 0) return <Text>{T.historyEmpty}</Text>;

  const toggle = (version: number, on: boolean) =>
    // At most two: a third choice replaces the older of the two.
    setSelected((now) =>
      on ? [...now.filter((v) => v !== version), version].slice(-2) : now.filter((v) => v !== version),
    );
  const ordered = [...selected].sort((a, b) => a - b);

  const row = (v: PlatformConfigVersionInfo) => (
    <Table.Tr key={v.version}>
      <Table.Td>
        <Checkbox
          aria-label={T.compareSelect(v.version)}
          checked={selected.includes(v.version)}
          onChange={(event) => toggle(v.version, event.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={500}>
            {v.version}
          </Text>
          {v.version === current && (
            <Badge size="sm" variant="light" color="teal">
              {T.current}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" dir="ltr" component="span">
          {formatDateTime(v.createdAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" component="bdi" dir="ltr">
          {v.changedBy?.email ?? ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {v.note && <Text size="sm">{v.note}</Text>}
          {v.restoredFrom !== null && (
            <Text size="xs" c="dimmed">
              {T.restoredFrom(v.restoredFrom)}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        {v.version !== current && (
          <Button
            size="xs"
            variant="light"
            aria-label={T.restoreVersion(v.version)}
            onClick={() => setRestoring(v.version)}
          >
            {T.restore}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {T.compareHint}
        </Text>
        <Button disabled={ordered.length !== 2} onClick={() => setPair([ordered[0]!, ordered[1]!] as const)}>
          {T.compare}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" striped highlightOnHover>
          <Table.Caption>{T.historyCaption}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={80}>{T.columns.select}</Table.Th>
              <Table.Th>{T.columns.version}</Table.Th>
              <Table.Th>{T.columns.when}</Table.Th>
              <Table.Th>{T.columns.who}</Table.Th>
              <Table.Th>{T.columns.note}</Table.Th>
              <Table.Th>{T.restore}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{versions.map(row)}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pair && <Comparison cluster={cluster} pair={pair} />}
      <RestoreDialog
        cluster={cluster}
        current={current}
        version={restoring}
        onClose={() => setRestoring(null)}
      />
    </Stack>
  );
}
