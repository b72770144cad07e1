import { describe, expect, it } from 'vitest';
import { fileKeysIn, releaseFilesAfterCommit, takePendingReleases } from '../blob-references.ts';

const A = '3f2a8c1e-0b7d-4e58-9c41-2f8d3b6e1a01.mp4';
const B = '7d1e0c55-2b3a-4f60-8e11-0a9b8c7d6e5f.ts';

describe('file keys in resource data', () => {
  it('finds /files/<key> in any string, nested or not, on any origin', () => {
    expect([...fileKeysIn({ videoUrl: `http://console.test/files/${A}` })]).toEqual([A]);
    expect([
      ...fileKeysIn({ name: 'x', items: [{ url: `https://old-host:8080/files/${B}#t=3` }], n: 3, z: null }),
    ]).toEqual([B]);
    expect([...fileKeysIn({ videoUrl: 'https://cdn.example/files/not-a-key.mp4' })]).toEqual([]);
    expect([...fileKeysIn({ videoUrl: `https://cdn.example/slates/${A}` })]).toEqual([]);
  });

  it('notes the keys a write drops, and hands them over once', () => {
    const request = {} as never;
    releaseFilesAfterCommit(request, 'c1', { videoUrl: `/files/${A}` }, { videoUrl: `/files/${A}` });
    expect(takePendingReleases(request)).toEqual([]);
    releaseFilesAfterCommit(request, 'c1', { videoUrl: `/files/${A}` }, { videoUrl: `/files/${B}` });
    releaseFilesAfterCommit(request, 'c1', { videoUrl: `/files/${B}` }, null);
    expect(takePendingReleases(request)).toEqual([
      { customerId: 'c1', keys: [A] },
      { customerId: 'c1', keys: [B] },
    ]);
    expect(takePendingReleases(request)).toEqual([]);
  });
});
