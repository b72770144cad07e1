import { BREAK_POSITION_LABELS, type Placement } from '@cuepoint/core';
import { PLACEMENT_SCREEN_TEXTS as T } from '../texts.ts';

/** Where a placement's ads run, in words (none chosen: every stream and asset). */
export const placementCoverage = (placement: Pick<Placement, 'liveStreamIds' | 'vodIds'>) =>
  placement.liveStreamIds.length === 0 && placement.vodIds.length === 0
    ? T.everywhere
    : T.counts(placement.liveStreamIds.length, placement.vodIds.length);

/** The break positions a placement takes ('Pre-roll, Mid-roll'). */
export const positionsText = (placement: Pick<Placement, 'positions'>) =>
  placement.positions.map((position) => BREAK_POSITION_LABELS[position]).join(', ');
