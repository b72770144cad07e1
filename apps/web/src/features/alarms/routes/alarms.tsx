import { Stack, Tabs, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AlarmsPanel } from '../components/alarms-panel.tsx';
import { RulesPanel } from '../components/rules-panel.tsx';
import { ALARMS_TEXTS as T } from '../texts.ts';

const TAB_PARAM = 'tab';
type Tab = 'alarms' | 'rules';

/**
 * /alarms (main administrator): the alarm list (spec section 9's colours, filters, acknowledge;
 * polled every ALARMTIMEOUT) and the alarm rules that raise alarms from the streams' counters.
 * The tab lives in the URL (?tab=rules).
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get(TAB_PARAM) === 'rules' ? 'rules' : 'alarms';
  const select = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams();
        // Each tab keeps only its own parameters.
        if (value === 'rules') next.set(TAB_PARAM, 'rules');
        else for (const [k, v] of current) if (k !== TAB_PARAM) next.set(k, v);
        return next;
      },
      { replace: true },
    );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Alarms
      </Title>
      <Tabs value={tab} onChange={select} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="alarms">{T.tabs.alarms}</Tabs.Tab>
          <Tabs.Tab value="rules">{T.tabs.rules}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="alarms">{tab === 'alarms' && <AlarmsPanel />}</Tabs.Panel>
        <Tabs.Panel value="rules">{tab === 'rules' && <RulesPanel />}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
