import { describe, expect, it } from 'vitest';
import { parseViewerState, serializeViewerState, type ViewerState } from '../state.ts';

// States serialized by the release whose in-memory fields still had the short wire names.
const SAVED = [
  '{"v":1,"c":96,"o":96,"d":0,"dc":0,"f":0,"fc":0,"fr":114,"a":[{"i":"preroll","s":98,"ds":0,"du":5,"p":0,"ads":["P"],"pr":1,"tc":99,"t":6,"e":99,"de":0,"fe":0,"n":2,"nd":2},{"i":"cue-102","s":102,"ds":0,"p":0,"ads":["A","B"],"tc":107,"t":30,"du":30,"e":107,"de":1,"fe":0,"n":10,"nd":7},{"i":"cue-112","s":112,"ds":1,"p":0,"ads":["A","B"],"tc":114,"t":12,"du":60}],"sm":2,"sv":6,"sb":101}',
  '{"a":[{"ads":[],"de":1,"ds":1,"du":22.5,"e":29,"fe":0,"i":"1027","p":0,"s":27,"t":10,"tc":29,"x":1}],"c":2,"d":2,"dc":0,"f":1,"fc":1,"fr":34,"o":6,"sb":0,"sm":1,"sv":10,"v":1}',
];

describe('viewer state wire format', () => {
  it('maps the compact keys to the in-memory names', () => {
    const expected: ViewerState = {
      anchor: {
        originMsn: 2,
        outputMsn: 6,
        outputDiscontinuitiesBefore: 2,
        originDiscontinuitiesBefore: 0,
        forcedDiscontinuity: 1,
        originDiscontinuity: 1,
      },
      originSeenUntilMsn: 34,
      suppressionMode: 1,
      suppressBeforeMsn: 0,
      suppressionSeconds: 10,
      avails: [
        {
          id: '1027',
          startMsn: 27,
          originDiscontinuitiesBeforeStart: 1,
          plannedDuration: 22.5,
          elapsedAtStart: 0,
          adIds: [],
          leftAsContent: 1,
          contentKnownUntilMsn: 29,
          contentKnownSeconds: 10,
          endMsn: 29,
          originDiscontinuitiesBeforeEnd: 1,
          endOriginDiscontinuity: 0,
        },
      ],
    };
    expect(parseViewerState(SAVED[1]!)).toStrictEqual(expected);
  });

  it('reads previously saved states and writes the same keys and size back', () => {
    for (const saved of SAVED) {
      const state = parseViewerState(saved);
      expect(state).toBeDefined();
      const again = serializeViewerState(state!);
      expect(JSON.parse(again)).toStrictEqual(JSON.parse(saved));
      expect(again.length).toBe(saved.length);
    }
  });
});
