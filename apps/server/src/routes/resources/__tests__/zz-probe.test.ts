import { it } from 'vitest';
import { loginAs, testApp } from '../../../test/helpers.ts';

it('probe', async () => {
  const t0 = Date.now();
  const app = await testApp();
  console.log('app ms', Date.now() - t0);
  const demo = await loginAs(app, 'customer');
  const show = async (method: string, url: string, payload?: unknown) => {
    const r = await app.inject({ method: method as 'GET', url, headers: demo.headers, payload: payload as object });
    console.log(method, url, r.statusCode, r.body.slice(0, 1500));
    return r;
  };
  const list = await show('GET', '/api/ssai/ds?pageSize=All');
  await show('GET', '/api/ssai/ds?foo=1');
  await show('GET', '/api/ssai/ds?pageSize=7&sort=zzz&order=up&page=0');
  await show('POST', '/api/ssai/ds', {});
  await show('POST', '/api/ssai/ds', { name: 'x', sourceStreamUrl: 'https://a.example/live/', advancedConfig: null, bundles: [{ name: 'a', percentage: 100 }] });
  await show('POST', '/api/ssai/ds', { name: 'x', sourceStreamUrl: 'https://a.example/live/', minReplicas: 3, maxReplicas: 3, bundles: [{ name: 'a', percentage: 100 }], textOverlayEnabled: 'yes' });
  const id = list.json().data[0]._id;
  await show('PUT', `/api/ssai/ds/${id}`, { name: 'y' });
  await show('POST', `/api/ssai/ds/${id}`, { name: 'y', version: 9 });
  await show('DELETE', `/api/ssai/slate/${list.json().data[0].slateId}`);
  await show('GET', '/api/events?kind=liveStream&pageSize=10');
  await show('GET', '/api/events?kind=zzz&after=x');
  await show('POST', '/api/ssai/ds?customerId=00000000-0000-4000-8000-000000000000', {});
  await app.close();
});
