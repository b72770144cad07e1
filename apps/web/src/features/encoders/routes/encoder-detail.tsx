/**
 * /encoder/{detail}: 'new' creates an encoder and then opens it; an id shows the encoder's page
 * (the shared header, then every field of spec section 3's Encoder) with Delete.
 */
import { encoderSchema } from '@cuepoint/core';
import { useParams } from 'react-router';
import { ResourceEditPage } from '../../../components/resource/resource-edit-page.tsx';
import { encoderApi } from '../api/encoder-api.ts';
import { EncoderFields } from '../components/encoder-form.tsx';
import { ENCODER_PATHS } from '../paths.ts';
import { ENCODER_TEXTS as T } from '../texts.ts';

export function Component() {
  const { detail = '' } = useParams();
  return (
    <ResourceEditPage
      api={encoderApi}
      schema={encoderSchema}
      id={detail}
      paths={ENCODER_PATHS}
      createTitle={T.newEncoder}
    >
      {(form) => <EncoderFields form={form} />}
    </ResourceEditPage>
  );
}
