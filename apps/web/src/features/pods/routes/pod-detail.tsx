/**
 * /pods/{detail}: 'new' creates a pod template and then opens it; an id shows its page (the shared
 * header, then its form) with Delete. With SHOWPODS=0 it says pod templates are off.
 */
import { POD_LABELS as L, POD_FILL_POLICY_LABELS, podSchema } from '@cuepoint/core';
import { useParams } from 'react-router';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import type { ResourceDto } from '../../../lib/resource-api.ts';
import { podApi } from '../api/pod-api.ts';
import { PodFields } from '../components/pod-fields.tsx';
import { PodsOff, podsShown } from '../components/pods-off.tsx';
import { POD_PATHS } from '../paths.ts';
import { POD_SCREEN_TEXTS as T } from '../texts.ts';

const podFacts = (pod: ResourceDto<'pod'>) => [
  { id: 'slots', label: L.adpodLength, value: pod.adpodLength },
  {
    id: 'duration',
    label: T.podDuration,
    value: T.range(pod.minTotalDuration, pod.maxTotalDuration),
    ltr: true,
  },
  { id: 'fillPolicy', label: L.fillPolicy, value: POD_FILL_POLICY_LABELS[pod.fillPolicy] },
];

export function Component() {
  const { detail = '' } = useParams();
  if (!podsShown()) return <PodsOff />;
  return (
    <ResourceEditPage
      api={podApi}
      schema={podSchema}
      id={detail}
      paths={POD_PATHS}
      createTitle={T.newPod}
      facts={podFacts}
    >
      {(form) => <PodFields form={form} />}
    </ResourceEditPage>
  );
}
