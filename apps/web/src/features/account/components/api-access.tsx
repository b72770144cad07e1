import {
  ACCOUNT_TEXTS,
  type AccountCustomer,
  entitled,
  PAYMENT_PLANS,
  type PaymentPlan,
  PLAN_FEATURES,
  type PlanFeature,
  planFeatureKeys,
} from '@cuepoint/core';
import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { ConceptIcon } from '../../../components/icons.tsx';
import { toastServerError } from '../../../lib/server-error.ts';
import { toast } from '../../../lib/toast.ts';
import { useEditCustomer } from '../api/edit-customer.ts';
import { useGenerateToken } from '../api/generate-token.ts';
import { copyText } from '../clipboard.ts';
import { ACCOUNT_UI } from '../texts.ts';
import { planLabel } from './plan-features-table.tsx';

/** The stack ids of the upgrade dialogs (inside the account dialog's Modal.Stack). */
export const UPGRADE_PROMPT_ID = 'upgrade-prompt';
export const UPGRADE_CONFIRM_ID = 'upgrade-confirm';

export const asPaymentPlan = (plan: string): PaymentPlan =>
  (PAYMENT_PLANS as readonly string[]).includes(plan) ? (plan as PaymentPlan) : 'standard';

const formatPlanValue = (value: boolean | string) =>
  typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value;

/** 'Standard: None → Enterprise: 10M impressions per month', from the customer's plan list (else core's). */
export function minimumCommitmentLine(features: readonly PlanFeature[]): string {
  const row =
    features.find((f) => f.key === planFeatureKeys.minimumCommitment) ??
    PLAN_FEATURES.find((f) => f.key === planFeatureKeys.minimumCommitment)!;
  return `${planLabel('standard')}: ${formatPlanValue(row.plans.standard)} → ${planLabel('enterprise')}: ${formatPlanValue(row.plans.enterprise)}`;
}

export interface ApiAccessProps {
  customer: AccountCustomer;
  userId: string;
  /** Called once the plan upgrade is saved, before the token is generated. */
  onUpgraded: () => void;
}

/**
 * API access (spec section 4): the switch generates a token (on) or deletes it (off). Turning it
 * on without the enterprise entitlement opens the upgrade prompt, then a confirm dialog with the
 * minimum commitment, saves the plan as enterprise and then generates the token.
 */
export function ApiAccess({ customer, userId, onUpgraded }: ApiAccessProps) {
  const ids = { customerId: customer._id, userId };
  const token = useGenerateToken(ids);
  const upgrade = useEditCustomer(ids);
  const [step, setStep] = useState<'prompt' | 'confirm' | null>(null);
  const busy = token.isPending || upgrade.isPending;
  const checked = token.isPending ? token.variables : customer.enableAPI;

  const generate = async (enableAPI: boolean) => {
    try {
      await token.mutateAsync(enableAPI);
    } catch (error) {
      toastServerError(error);
      return;
    }
    if (enableAPI) toast.success(ACCOUNT_TEXTS.tokenGenerated);
    // The spec shows the deletion as an error toast.
    else toast.error(ACCOUNT_TEXTS.tokenDeleted);
  };

  const toggle = (enable: boolean) => {
    if (!enable) return void generate(false);
    // The same rule as the server's (core's `entitled`).
    if (entitled(customer.paymentPlan, 'enhanced_api')) return void generate(true);
    setStep('prompt');
  };

  const confirmUpgrade = async () => {
    try {
      await upgrade.mutateAsync({ fields: { paymentPlan: 'enterprise', isFirstTime: false } });
    } catch (error) {
      setStep(null);
      toastServerError(error, { fallback: ACCOUNT_TEXTS.upgradeFailed, duration: 'long' });
      return;
    }
    setStep(null);
    onUpgraded();
    await generate(true);
  };

  const copy = async () => {
    if (!customer.apiToken) return;
    try {
      await copyText(customer.apiToken);
      toast.success(ACCOUNT_TEXTS.tokenCopied);
    } catch {
      toast.error(ACCOUNT_UI.copyFailed);
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Switch
          label="API access"
          description="Call the API with a token (Enterprise plan)"
          checked={checked}
          disabled={busy}
          onChange={(event) => toggle(event.currentTarget.checked)}
        />
        {busy && <Loader size="xs" aria-label="Saving API access" />}
      </Group>
      {customer.enableAPI && customer.apiToken && (
        <TextInput
          label="API token"
          value={customer.apiToken}
          // Left to right in any direction (Mantine sets it on the field, the copy button at its end).
          dir="ltr"
          readOnly
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onFocus={(event) => event.currentTarget.select()}
          rightSectionPointerEvents="all"
          rightSection={
            <Tooltip label={ACCOUNT_UI.copyToken}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={ACCOUNT_UI.copyToken}
                onClick={() => void copy()}
              >
                <ConceptIcon concept="copy" size={16} />
              </ActionIcon>
            </Tooltip>
          }
        />
      )}

      <Modal
        stackId={UPGRADE_PROMPT_ID}
        opened={step === 'prompt'}
        onClose={() => setStep(null)}
        title={ACCOUNT_UI.upgradeTitle}
        centered
      >
        <Text>{ACCOUNT_TEXTS.upgradePrompt}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setStep(null)}>
            {ACCOUNT_UI.cancel}
          </Button>
          <Button onClick={() => setStep('confirm')} data-autofocus>
            {ACCOUNT_UI.upgrade}
          </Button>
        </Group>
      </Modal>

      <Modal
        stackId={UPGRADE_CONFIRM_ID}
        opened={step === 'confirm'}
        onClose={() => !upgrade.isPending && setStep(null)}
        title={ACCOUNT_UI.confirmUpgradeTitle}
        centered
      >
        <Text>{ACCOUNT_UI.confirmUpgradeIntro}</Text>
        <Text fw={600} mt="xs" data-testid="minimum-commitment">
          {minimumCommitmentLine(customer.plans)}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setStep(null)} disabled={upgrade.isPending}>
            {ACCOUNT_UI.cancel}
          </Button>
          <Button onClick={() => void confirmUpgrade()} loading={upgrade.isPending} data-autofocus>
            {ACCOUNT_UI.confirmUpgrade}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
