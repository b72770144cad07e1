/**
 * The header every detail page opens with, so a user sees at a glance what the page is: the
 * record's type and name, its status, the facts a user comes for (each value that is worth
 * pasting elsewhere with a copy button), and the actions. Destructive actions (Delete,
 * Deactivate) never sit beside the title: they are items of the "More" menu, whose confirm
 * dialogs their caller renders.
 *
 * Pure slots: `RecordHeader` (record-header.tsx) fills them for a stored resource. URLs, ids,
 * e-mail addresses and times keep `dir="ltr"` in a right-to-left page.
 */
import type { ResourceStatus } from '@cuepoint/core';
import {
  ActionIcon,
  Box,
  Button,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { copyText } from '../../lib/clipboard.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { toast } from '../../lib/toast.ts';
import { ConceptIcon, IconCheck, IconChevronDown } from '../icons.tsx';
import classes from './detail-header.module.css';
import { StatusBadge } from './status-badge.tsx';
import { KIT_TEXTS } from './texts.ts';

/** One fact of the header: a label and its value. */
export interface DetailFact {
  /** Stable key (and `data-fact` for tests and styles). */
  id: string;
  label: string;
  value: ReactNode;
  /** The text the copy button copies; no button without it. */
  copy?: string;
  /** A URL, id, e-mail or time: kept left-to-right in a right-to-left page. */
  ltr?: boolean;
  /** Takes the whole width of the facts (long URLs). */
  wide?: boolean;
}

/** An item of the More menu. */
export interface DetailMenuAction {
  id: string;
  label: string;
  onClick: () => void;
  /** Delete, Deactivate: drawn in the destructive colour (its dialog asks first). */
  destructive?: boolean;
  icon?: ReactNode;
  disabled?: boolean;
}

export interface DetailHeaderProps {
  /** The record's name: the page's heading. */
  name: string;
  /** What the record is ('Live stream', 'VOD asset'), shown above the name. */
  type: string;
  /** The icon of what it is (its sidebar entry's: icons.tsx's `navIcon`), before `type`. */
  typeIcon?: ReactNode;
  /** Its status as a badge beside the name. */
  status?: ResourceStatus;
  facts?: readonly DetailFact[];
  /** Actions beside the More menu (links such as Logs, buttons). */
  actions?: ReactNode;
  /** The More menu's items; none: no menu. */
  more?: readonly DetailMenuAction[];
}

export function DetailHeader({
  name,
  type,
  typeIcon,
  status,
  facts = [],
  actions,
  more = [],
}: DetailHeaderProps) {
  return (
    <Paper withBorder radius="md" p="md" data-detail-header>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} className={classes.titles}>
            <Group gap={6} wrap="nowrap" c="dimmed">
              {typeIcon}
              <Text size="sm" c="dimmed" fw={500} data-detail-type>
                {type}
              </Text>
            </Group>
            <Group gap="sm" align="center" wrap="wrap">
              <Title order={1} className={classes.name}>
                {name}
              </Title>
              {status && <StatusBadge status={status} />}
            </Group>
          </Stack>
          {(actions || more.length > 0) && (
            <Group gap="sm" wrap="wrap">
              {actions}
              {more.length > 0 && <MoreMenu name={name} items={more} />}
            </Group>
          )}
        </Group>
        {facts.length > 0 && (
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="xs" m={0}>
            {facts.map((fact) => (
              <Box key={fact.id} className={fact.wide ? classes.wide : undefined} data-fact={fact.id}>
                <Text component="dt" size="xs" c="dimmed" fw={600}>
                  {fact.label}
                </Text>
                <Box component="dd" m={0}>
                  <FactValue fact={fact} />
                </Box>
              </Box>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

function FactValue({ fact }: { fact: DetailFact }) {
  const dir = fact.ltr ? 'ltr' : undefined;
  const value =
    typeof fact.value === 'string' || typeof fact.value === 'number' ? (
      <Text component="span" size="sm" dir={dir} className={classes.value}>
        {fact.value}
      </Text>
    ) : (
      <Box dir={dir} className={classes.value} fz="sm">
        {fact.value}
      </Box>
    );
  if (fact.copy === undefined) return value;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      {value}
      <CopyButton value={fact.copy} label={fact.label} />
    </Group>
  );
}

/** How long a copy button shows that it copied. */
const COPIED_MS = 1500;

/** A small button that copies `value`; its name says what ("Copy source URL"). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await copyText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_MS);
    } catch {
      toast.error(KIT_TEXTS.copyFailed);
    }
  };
  const name = KIT_TEXTS.copy(label);
  return (
    <>
      <Tooltip label={copied ? KIT_TEXTS.copied : name} withArrow>
        <ActionIcon
          variant="subtle"
          color={copied ? 'teal' : 'gray'}
          size="sm"
          aria-label={name}
          onClick={() => void copy()}
          data-copied={copied || undefined}
        >
          {copied ? <IconCheck size={16} /> : <ConceptIcon concept="copy" size={16} />}
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden role="status">{copied ? KIT_TEXTS.copied : ''}</VisuallyHidden>
    </>
  );
}

/** The More menu: the record's less frequent and destructive actions. */
function MoreMenu({ name, items }: { name: string; items: readonly DetailMenuAction[] }) {
  return (
    // In the page (inside its landmark), fixed so no scroll container clips it.
    <Menu position="bottom-end" withinPortal={false} floatingStrategy="fixed" shadow="md">
      <Menu.Target>
        <Button
          variant="default"
          aria-label={KIT_TEXTS.moreNamed(name)}
          rightSection={<IconChevronDown size={16} />}
        >
          {KIT_TEXTS.more}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item
            key={item.id}
            className={item.destructive ? classes.danger : undefined}
            leftSection={item.icon}
            onClick={item.onClick}
            disabled={item.disabled}
            aria-haspopup={item.destructive ? 'dialog' : undefined}
            data-action={item.id}
          >
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A list of URLs, each with its copy button; `empty` when there are none (yet). */
export function UrlList({
  urls,
  label,
  empty,
}: {
  urls: readonly string[];
  label: string;
  empty: ReactNode;
}) {
  if (urls.length === 0)
    return (
      <Text component="span" size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Stack gap={2}>
      {urls.map((url) => (
        <Group key={url} gap={4} wrap="nowrap" align="flex-start">
          <Text component="span" size="sm" dir="ltr" className={classes.value}>
            {url}
          </Text>
          <CopyButton value={url} label={label} />
        </Group>
      ))}
    </Stack>
  );
}

/**
 * A data-plane path as the URL a viewer's player asks for: on the data plane's own base when it
 * is served apart (runtime config PLAYBACK_URL), else on the console's origin.
 */
export const servedAt = (path: string, base: string = runtimeConfig().PLAYBACK_URL) =>
  `${(base || window.location.origin).replace(/\/+$/, '')}${path}`;

/**
 * The playback slot of a stream's header: the URLs the data plane serves it at, each with a copy
 * button; without any, `empty` says why (by default: not served yet, as for VOD and streamer).
 */
export function playbackFact(
  urls: readonly string[] = [],
  empty: string = KIT_TEXTS.playbackPending,
): DetailFact {
  return {
    id: 'playback',
    label: KIT_TEXTS.playbackUrls,
    value: <UrlList urls={urls} label={KIT_TEXTS.playbackUrl} empty={empty} />,
    wide: true,
  };
}
