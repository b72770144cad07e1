import { describe, expect, it } from 'vitest';
import { fixture } from '../../test-support/fixtures.ts';
import { parseVmap, vmapCuePoints } from '../vmap.ts';

describe('VMAP 1.0', () => {
  const r = parseVmap(fixture(import.meta.url, 'vmap.xml'));

  it('reads breaks, inline VAST, ad tag URIs and tracking', () => {
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const b = r.document.breaks;
    expect(b.map((x) => x.breakId)).toEqual(['preroll', 'mid-1', 'half', 'second-position', 'postroll']);
    expect(b[0]!.timeOffset).toEqual({ type: 'start' });
    expect(b[0]!.allowMultipleAds).toBe(false);
    expect(b[0]!.adSource?.kind).toBe('vast');
    if (b[0]!.adSource?.kind === 'vast') expect(b[0]!.adSource.document.ads[0]!.adTitle).toBe('Preroll');
    expect(b[0]!.trackingEvents.map((t) => t.event)).toEqual(['breakStart', 'breakEnd']);
    expect(b[1]).toMatchObject({ timeOffset: { type: 'time', seconds: 600 }, repeatAfter: 600 });
    expect(b[1]!.adSource).toEqual({
      kind: 'adTagUri',
      uri: 'https://ads.example.com/vast?pos=mid',
      templateType: 'vast3',
    });
    expect(b[2]!.breakType).toEqual(['linear', 'nonlinear']);
    expect(b[3]!.timeOffset).toEqual({ type: 'position', value: 2 });
    // the break with an unreadable offset is reported, not thrown
    expect(r.issues.map((i) => i.code)).toEqual([101]);
  });

  it('places the breaks on the content timeline', () => {
    if (!r.ok) throw new Error('parse failed');
    const cues = vmapCuePoints(r.document, 1800);
    expect(cues.map((c) => [c.break.breakId, c.offset, c.position])).toEqual([
      ['preroll', 0, 'pre'],
      ['mid-1', 600, 'mid'],
      ['second-position', 600, 'mid'],
      ['half', 900, 'mid'],
      ['mid-1', 1200, 'mid'],
      ['postroll', 1800, 'post'],
    ]);
  });

  it('classifies non-VMAP input', () => {
    const bad = parseVmap('<VAST version="3.0"/>');
    expect(!bad.ok && bad.issue.code).toBe(101);
    const broken = parseVmap('<vmap:VMAP version="1.0">');
    expect(!broken.ok && broken.issue.code).toBe(100);
  });
});
