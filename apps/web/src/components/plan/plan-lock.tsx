/**
 * A feature outside the customer's plan is visible but locked (issue 22, point 4): its fields are
 * disabled under an "Enterprise" badge, and a click on them or the badge opens the upgrade prompt
 * (the account dialog's words, core's ENTITLEMENT_TEXTS), whose Upgrade leads to My Account,
 * where the plan is upgraded. Which fields and entries are locked is core's decision
 * (`lockedFields`, `lockedEntryFeature`), the same one the server enforces.
 */
import {
  type EnterpriseFeature,
  ROLE_ACCESS_TEXTS,
  ENTITLEMENT_TEXTS as T,
  upgradePromptOf,
} from '@cuepoint/core';
import { Badge, Box, Button, Group, Modal, Text, Tooltip } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useRoleAllows } from '../../lib/role-access.ts';
import { type SessionLoaderData, useSession } from '../../lib/session.ts';
import { openSettingsDialog } from '../../lib/settings-dialogs.ts';

/**
 * The plan that decides what a record of `customerId` may set: the signed-in (or acted-as) user's
 * customer's plan for its own records and new ones; null (unknown: nothing is locked, the server
 * still decides) for another customer's record, which only a main administrator opens, and
 * outside the signed-in routes.
 */
export function usePlanOf(customerId?: string | null): string | null {
  const user = (useSession() as SessionLoaderData | undefined)?.user;
  if (!user || (customerId && customerId !== user.customerId._id)) return null;
  return user.customerId.paymentPlan;
}

export interface UpgradePromptProps {
  feature: EnterpriseFeature | null;
  onClose: () => void;
}

/**
 * The upgrade prompt of a feature: its text, Cancel, and Upgrade (opens My Account). Upgrading is
 * a team owner's (`manage`): another member is told to ask one, with no Upgrade.
 */
export function UpgradePrompt({ feature, onClose }: UpgradePromptProps) {
  const owner = useRoleAllows('manage');
  return (
    <Modal opened={feature !== null} onClose={onClose} title={T.promptTitle} centered>
      <Text>{feature ? upgradePromptOf(feature) : ''}</Text>
      {!owner && <Text mt="sm">{ROLE_ACCESS_TEXTS.upgradeAskOwner}</Text>}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} data-autofocus={owner ? undefined : true}>
          {T.cancel}
        </Button>
        {owner && (
          <Button
            data-autofocus
            onClick={() => {
              onClose();
              openSettingsDialog('account');
            }}
          >
            {T.upgrade}
          </Button>
        )}
      </Group>
    </Modal>
  );
}

/**
 * The "Enterprise" badge; a button that opens the prompt when `onClick` is given. `compact`: the
 * sidebar's smaller one, which never shrinks.
 */
export function EnterpriseBadge({ onClick, compact = false }: { onClick?: () => void; compact?: boolean }) {
  const badge = (
    <Badge
      variant="light"
      color="grape"
      size={compact ? 'xs' : 'sm'}
      radius="sm"
      {...(compact ? { tt: 'none' as const, px: 5, style: { flex: 'none' } } : {})}
      {...(onClick
        ? {
            component: 'button' as const,
            type: 'button' as const,
            onClick,
            'aria-label': `${T.badge}: ${T.lockedHint}`,
            style: { cursor: 'pointer' },
          }
        : {})}
    >
      {T.badge}
    </Badge>
  );
  return onClick ? (
    <Tooltip label={T.lockedHint} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

export interface PlanLockProps {
  /** The plan feature the fields belong to. */
  feature: EnterpriseFeature;
  /** Whether the plan lacks it (else the fields render as they are). */
  locked: boolean;
  children: ReactNode;
}

/**
 * Fields of a plan feature: as they are when the plan has it; otherwise disabled (a disabled
 * fieldset), with the badge at the top right, and a click anywhere on them opens the prompt.
 */
export function PlanLock({ feature, locked, children }: PlanLockProps) {
  const [prompt, setPrompt] = useState<EnterpriseFeature | null>(null);
  const hintId = useId();
  if (!locked) return <>{children}</>;
  const open = () => setPrompt(feature);
  return (
    <Box pos="relative" data-plan-lock={feature}>
      <Box
        component="fieldset"
        disabled
        aria-describedby={hintId}
        style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
      >
        {children}
      </Box>
      {/* The disabled fields take no clicks: this layer takes them for the prompt (the badge is the keyboard's way). */}
      <Box
        aria-hidden="true"
        data-testid="plan-lock-layer"
        onClick={open}
        pos="absolute"
        inset={0}
        style={{ cursor: 'not-allowed', zIndex: 1 }}
      />
      {/* At the fields' end corner: the top right, the top left in right to left. */}
      <Box pos="absolute" top={0} style={{ zIndex: 2, insetInlineEnd: 0 }}>
        <EnterpriseBadge onClick={open} />
      </Box>
      <span id={hintId} hidden>
        {T.lockedHint}
      </span>
      <UpgradePrompt feature={prompt} onClose={() => setPrompt(null)} />
    </Box>
  );
}
