import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { WriteBatch } from '../write-batching.ts';

describe('WriteBatch (answers written together, once per turn of the event loop)', () => {
  it('writes nothing in the turn that defers, then everything deferred in it, in order', async () => {
    const errors: unknown[] = [];
    const batch = new WriteBatch((err) => errors.push(err));
    const written: string[] = [];
    batch.defer(() => written.push('a'));
    batch.defer(() => written.push('b'));
    await Promise.resolve();
    process.nextTick(() => batch.defer(() => written.push('c')));
    await new Promise<void>((resolve) => process.nextTick(resolve));
    // Microtasks and ticks of the same turn come first: nothing is written yet.
    expect(written).toEqual([]);
    await nextTurn();
    expect(written).toEqual(['a', 'b', 'c']);
    expect(errors).toEqual([]);
  });

  it('writes a lone answer in its own turn, and each later turn its own', async () => {
    const batch = new WriteBatch(() => {});
    const written: number[] = [];
    batch.defer(() => written.push(1));
    await nextTurn();
    expect(written).toEqual([1]);
    batch.defer(() => written.push(2));
    batch.defer(() => written.push(3));
    await nextTurn();
    expect(written).toEqual([1, 2, 3]);
  });

  it('reports a write that throws and still makes the others of its batch', async () => {
    const errors: unknown[] = [];
    const batch = new WriteBatch((err) => errors.push(err));
    const written: string[] = [];
    const failure = new Error('socket gone');
    batch.defer(() => written.push('before'));
    batch.defer(() => {
      throw failure;
    });
    batch.defer(() => written.push('after'));
    await nextTurn();
    expect(written).toEqual(['before', 'after']);
    expect(errors).toEqual([failure]);
    // The batch is not left stuck: the next turn writes again.
    batch.defer(() => written.push('next'));
    await nextTurn();
    expect(written).toEqual(['before', 'after', 'next']);
  });

  it('takes a write deferred during the batch into the same batch', async () => {
    const batch = new WriteBatch(() => {});
    const written: string[] = [];
    batch.defer(() => {
      written.push('first');
      batch.defer(() => written.push('joined'));
    });
    await nextTurn();
    expect(written).toEqual(['first', 'joined']);
  });
});
