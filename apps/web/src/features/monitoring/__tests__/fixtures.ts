import type { StatsPoint } from '@cuepoint/core';

/** A channel's figures without traffic (as the server answers them): zeros, and nulls for rates. */
export const NO_TRAFFIC: Omit<StatsPoint, 'at'> = {
  viewers: 0,
  requests: 0,
  sessions: 0,
  adRequests: 0,
  adErrors: 0,
  adTimeouts: 0,
  impressions: 0,
  completes: 0,
  avails: 0,
  originRequests: 0,
  originErrors: 0,
  sourceSwitches: 0,
  fillRate: null,
  adErrorRate: null,
  originErrorRate: null,
  adLatencyP50: null,
  adLatencyP95: null,
  adLatencyP99: null,
  originLatencyP95: null,
};
