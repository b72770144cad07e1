import type { EventLevel, FieldChange, ResourceEvent } from '@cuepoint/core';
import { ActionIcon, Anchor, Badge, Code, List, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import dayjs from 'dayjs';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { IconChevronDown, IconChevronRight } from '../../../components/icons.tsx';
import { type LogSection, resourcePath } from '../log-scope.ts';
import { LOG_TEXTS } from '../texts.ts';
import classes from './event-table.module.css';

/** Badge colours of the levels, dark enough for their white (or, on yellow, black) text. */
export const LEVEL_COLOURS: Record<EventLevel, string> = {
  debug: 'gray.7',
  info: 'blue.8',
  warning: 'yellow.4',
  error: 'red.9',
};

/** A changed field's value as the list shows it. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return LOG_TEXTS.noValue;
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

export const formatTime = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

interface Props {
  events: ResourceEvent[];
  section: LogSection;
  /** Ids of the rows the live tail just added (highlighted briefly). */
  fresh: ReadonlySet<string>;
}

const COLUMNS = 7;

/** The log view's table: one row per event, expandable to the fields it changed. */
export function EventTable({ events, section, fresh }: Props) {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="event-table">
        <Table.Caption>{LOG_TEXTS.caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <VisuallyHidden>{LOG_TEXTS.changedFields}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{LOG_TEXTS.time}</Table.Th>
            <Table.Th>{LOG_TEXTS.level}</Table.Th>
            <Table.Th>{LOG_TEXTS.resource}</Table.Th>
            <Table.Th>{LOG_TEXTS.action}</Table.Th>
            <Table.Th>{LOG_TEXTS.message}</Table.Th>
            <Table.Th>{LOG_TEXTS.who}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => {
            const expanded = open.has(event._id);
            const detailsId = `event-${event._id}-changes`;
            return (
              <Fragment key={event._id}>
                <Table.Tr
                  data-event-id={event._id}
                  data-fresh={fresh.has(event._id) || undefined}
                  className={fresh.has(event._id) ? classes.fresh : undefined}
                >
                  <Table.Td>
                    {event.changes.length > 0 && (
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={expanded ? LOG_TEXTS.hideChanges : LOG_TEXTS.showChanges}
                        aria-expanded={expanded}
                        aria-controls={expanded ? detailsId : undefined}
                        onClick={() => toggle(event._id)}
                      >
                        {expanded ? (
                          <IconChevronDown size={16} />
                        ) : (
                          <IconChevronRight size={16} className={classes.collapsed} />
                        )}
                      </ActionIcon>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text
                      size="sm"
                      component="time"
                      dateTime={event.at}
                      title={event.at}
                      dir="ltr"
                      className={classes.nowrap}
                    >
                      {formatTime(event.at)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={LEVEL_COLOURS[event.level]} autoContrast data-level={event.level}>
                      {event.level}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {event.resourceId ? (
                      <Anchor component={Link} to={resourcePath(section, event.resourceId)} size="sm">
                        {event.resourceName}
                      </Anchor>
                    ) : (
                      <Text size="sm">{event.resourceName}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{event.action}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{event.message}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      <Text size="sm">
                        {event.actor ? <bdi dir="ltr">{event.actor}</bdi> : LOG_TEXTS.system}
                      </Text>
                      {event.actingAdmin && (
                        <Text size="xs" c="dimmed">
                          {LOG_TEXTS.asAdmin(event.actingAdmin)}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
                {expanded && (
                  <Table.Tr id={detailsId} className={classes.details}>
                    <Table.Td />
                    <Table.Td colSpan={COLUMNS - 1}>
                      <ChangeList changes={event.changes} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The fields one event changed: field, from -> to. */
export function ChangeList({ changes }: { changes: FieldChange[] }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {LOG_TEXTS.changedFields}
      </Text>
      <List size="sm" spacing={4} aria-label={LOG_TEXTS.changedFields}>
        {changes.map((change) => (
          <List.Item key={change.field} data-field={change.field}>
            <Text span size="sm" fw={600}>
              {change.field}
            </Text>
            {': '}
            {/* Values are code, and "from → to" reads left to right in any direction. */}
            <bdi dir="ltr">
              <Code className={classes.value}>{formatValue(change.from)}</Code>
              <span aria-hidden="true"> → </span>
              <VisuallyHidden>{`${LOG_TEXTS.changedTo} `}</VisuallyHidden>
              <Code className={classes.value}>{formatValue(change.to)}</Code>
            </bdi>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
