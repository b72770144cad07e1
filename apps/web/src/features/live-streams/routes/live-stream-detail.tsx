/**
 * /streams-live/{detail}: 'new' creates a live stream (the datasource form with the spec's known
 * defaults) and then opens it; an id shows the stream's page (LiveStreamPage) on its first tab.
 */
import { useParams } from 'react-router';
import { LiveStreamPage } from '../components/live-stream-page.tsx';
import { LIVE_PATHS } from '../paths.ts';

export function Component() {
  const { detail = '' } = useParams();
  return <LiveStreamPage id={detail} paths={LIVE_PATHS} create />;
}
