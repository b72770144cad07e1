/**
 * /streams-ads/{detail}: the spec's route to a live stream's ad configuration. It is the stream's
 * one page (LiveStreamPage), opened on its Ads tab: the ad settings are edited there and nowhere
 * else.
 */
import { useParams } from 'react-router';
import { LiveStreamPage } from '../components/live-stream-page.tsx';
import { ADS_PATHS } from '../paths.ts';

export function Component() {
  const { detail = '' } = useParams();
  return <LiveStreamPage id={detail} paths={ADS_PATHS} initialTab="ads" />;
}
