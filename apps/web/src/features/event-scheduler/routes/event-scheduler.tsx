/**
 * The Event Scheduler (/event-scheduler, main administrator): the scheduled events of every live
 * stream (or one), each with its trigger, its next break and its status; create and edit in a
 * dialog, delete behind a confirmation, "Trigger now" for a DTMF event, and the default event
 * duration remembered on this device.
 */
import {
  EVENT_TRIGGER_LABELS,
  formatSpecDateTime,
  EVENT_SCHEDULE_LABELS as L,
  nextOccurrences,
  RESOURCE_TEXTS,
  type ScheduledEvent,
  EVENT_SCHEDULE_TEXTS as T,
} from '@cuepoint/core';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Menu,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConceptIcon } from '../../../components/icons.tsx';
import { ConfirmDeleteModal } from '../../../components/resource/delete-action.tsx';
import { StatusBadge } from '../../../components/resource/status-badge.tsx';
import { KIT_TEXTS } from '../../../components/resource/texts.ts';
import { toastServerError } from '../../../lib/server-error.ts';
import { toast } from '../../../lib/toast.ts';
import { scheduleApi, scheduleKeys } from '../api.ts';
import { EventForm } from '../components/event-form.tsx';
import { readDefaultEventDuration, writeDefaultEventDuration } from '../default-duration.ts';
import classes from '../event-scheduler.module.css';

const nextBreak = (event: ScheduledEvent, now: number) => nextOccurrences(event, now, 1)[0];

export function Component() {
  const [streamId, setStreamId] = useState<string | null>(null);
  const [editing, setEditing] = useState<ScheduledEvent | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ScheduledEvent | null>(null);
  const [defaultDuration, setDefaultDuration] = useState(readDefaultEventDuration);
  const queryClient = useQueryClient();
  const events = useQuery({
    queryKey: scheduleKeys.list(streamId),
    queryFn: () => scheduleApi.list(streamId),
  });
  const streams = useQuery({ queryKey: scheduleKeys.streams, queryFn: scheduleApi.streams });
  const trigger = useMutation({ mutationFn: (id: string) => scheduleApi.trigger(id) });

  const fire = async (event: ScheduledEvent) => {
    try {
      const { breakAt } = await trigger.mutateAsync(event._id);
      toast.success(T.triggered(formatSpecDateTime(breakAt)));
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    } catch (error) {
      toastServerError(error, { fallback: error instanceof Error ? error.message : '' });
    }
  };

  const now = Date.now();
  const rows = events.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1}>{T.title}</Title>
        <Button
          leftSection={<ConceptIcon concept="eventScheduler" size={16} />}
          onClick={() => setEditing('new')}
          aria-haspopup="dialog"
        >
          {T.newEvent}
        </Button>
      </Group>
      <Group align="flex-end" wrap="wrap" gap="md">
        <Select
          label={T.filterStream}
          placeholder={T.allStreams}
          clearable
          searchable
          w={260}
          data={(streams.data ?? []).map((s) => ({
            value: s._id,
            label: s.customerName ? `${s.name} (${s.customerName})` : s.name,
          }))}
          value={streamId}
          onChange={setStreamId}
          comboboxProps={{ withinPortal: false }}
        />
        <NumberInput
          label={L.defaultEventDuration}
          description={T.defaultDurationHint}
          min={1}
          max={86_400}
          allowDecimal={false}
          w={300}
          value={defaultDuration}
          onChange={(value) => {
            const seconds = Number(value);
            if (writeDefaultEventDuration(seconds)) setDefaultDuration(seconds);
          }}
        />
      </Group>

      {events.isPending ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text size="sm">{T.loading}</Text>
        </Group>
      ) : events.isError ? (
        <Alert color="red" role="alert" title={T.loadFailed}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{events.error.message}</Text>
            <Button color="red.9" onClick={() => void events.refetch()}>
              {RESOURCE_TEXTS.retry}
            </Button>
          </Stack>
        </Alert>
      ) : rows.length === 0 ? (
        <Stack align="center" gap="sm" py="xl">
          <ConceptIcon concept="eventScheduler" size={32} />
          <Text>{streamId ? T.noMatch : T.empty}</Text>
          {!streamId && <Button onClick={() => setEditing('new')}>{T.newEvent}</Button>}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{L.name}</Table.Th>
                <Table.Th>{L.streamId}</Table.Th>
                <Table.Th>{L.trigger}</Table.Th>
                <Table.Th>{L.nextOccurrence}</Table.Th>
                <Table.Th>{L.status}</Table.Th>
                <Table.Th className={classes.actionsCell}>
                  <VisuallyHidden>{KIT_TEXTS.actions}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((event) => {
                const next = nextBreak(event, now);
                return (
                  <Table.Tr key={event._id}>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" px={0} onClick={() => setEditing(event)}>
                        {event.name}
                      </Button>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{event.streamName}</Text>
                      <Text size="xs" c="dimmed">
                        {event.customerName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {EVENT_TRIGGER_LABELS[event.trigger]}
                      {event.trigger === 2 && (
                        <Text span size="xs" c="dimmed" ms={6}>
                          <bdi dir="ltr">{event.dtmf}</bdi>
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {next === undefined ? (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      ) : (
                        <bdi dir="ltr">{formatSpecDateTime(next)} UTC</bdi>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={event.status} />
                    </Table.Td>
                    <Table.Td className={classes.actionsCell}>
                      <Group gap={4} wrap="nowrap">
                        {event.trigger === 2 && (
                          <Button
                            size="xs"
                            variant="light"
                            loading={trigger.isPending && trigger.variables === event._id}
                            onClick={() => void fire(event)}
                            aria-label={`${T.triggerNow}: ${event.name}`}
                          >
                            {T.triggerNow}
                          </Button>
                        )}
                        <Menu withinPortal={false} floatingStrategy="fixed" position="bottom-end">
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={KIT_TEXTS.actionsFor(event.name)}
                            >
                              <ConceptIcon concept="more" size={16} />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setEditing(event)}>{KIT_TEXTS.edit}</Menu.Item>
                            <Menu.Item
                              className={classes.danger}
                              leftSection={<ConceptIcon concept="delete" size={14} />}
                              onClick={() => setDeleting(event)}
                            >
                              {KIT_TEXTS.delete}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {editing !== null && (
        <EventForm
          event={editing === 'new' ? null : editing}
          streams={streams.data ?? []}
          defaultDuration={defaultDuration}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteEventDialog event={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

/** Delete asks first, naming the event; Cancel has the focus. */
function DeleteEventDialog({ event, onClose }: { event: ScheduledEvent | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const remove = useMutation({ mutationFn: (id: string) => scheduleApi.remove(id) });
  const confirm = async () => {
    if (!event) return;
    try {
      await remove.mutateAsync(event._id);
      toast.success(T.deleted);
    } catch (error) {
      toastServerError(error, { fallback: error instanceof Error ? error.message : '' });
    }
    onClose();
    void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
  };
  return (
    <ConfirmDeleteModal
      opened={event !== null}
      title={event ? T.deleteTitle(event.name) : ''}
      question={event ? T.deleteQuestion(event.name) : ''}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() => void confirm()}
    />
  );
}
