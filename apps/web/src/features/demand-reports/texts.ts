import { INSIGHTS_GROUP_LABELS, RESOURCE_TEXTS } from '@cuepoint/core';

/** Inventory's and Insights' texts. */
export const DEMAND_REPORTS_TEXTS = {
  loadFailed: RESOURCE_TEXTS.loadFailed,
  none: '—',
  inventory: {
    intro: (unit: number) =>
      `What your live streams and VOD assets can sell: breaks from their configuration, avails observed over the last 7 days, and impressions they could carry as ${unit}-second ads, against what active campaigns booked.`,
    loading: 'Loading the inventory…',
    empty: 'No live streams or VOD assets yet: inventory comes from their ad breaks.',
    weeksTitle: 'Forecast versus booked impressions per week',
    weeksHint:
      'Past weeks show what the avails carried and what was delivered; weeks ahead hold the last 7 days’ rate.',
    series: { forecast: 'Forecast', booked: 'Booked', delivered: 'Delivered' },
    tableTitle: 'Avails by stream and asset (last 7 days)',
    overbooked: (weeks: number) =>
      `Booked impressions exceed the forecast in ${weeks} ${weeks === 1 ? 'week' : 'weeks'} ahead: campaigns may under-deliver.`,
    columns: {
      name: 'Stream or asset',
      kind: 'Type',
      customerName: 'Customer',
      scheduled: 'Scheduled breaks',
      avails: 'Avails',
      availMinutes: 'Avail minutes',
      fillRate: 'Avails filled',
      impressions: 'Impressions',
      forecast: 'Forecast / week',
    },
    kinds: { liveStream: 'Live', vod: 'VOD' },
    perHour: (n: string) => `${n} / hour`,
    perPlay: (n: string) => `${n} / play`,
    markers: 'By markers',
    events: (n: number) => `${n} scheduled ${n === 1 ? 'event' : 'events'}`,
  },
  insights: {
    intro: 'Impressions, avails filled and revenue across the platform, from the data plane’s counters.',
    loading: 'Loading insights…',
    empty: 'Nothing was served in this period.',
    from: 'From',
    to: 'To',
    groupBy: 'Group by',
    groups: INSIGHTS_GROUP_LABELS,
    apply: 'Show',
    cards: {
      impressions: 'Impressions',
      campaignImpressions: 'Campaign impressions',
      revenue: 'Revenue',
      fillRate: 'Avails filled',
    },
    charts: {
      impressions: 'Impressions per day',
      revenue: 'Revenue per day',
      fillRate: 'Avails filled per day',
    },
    series: {
      impressions: 'All impressions',
      campaignImpressions: 'Campaign impressions',
      revenue: 'Revenue',
      fillRate: 'Avails filled',
    },
    columns: {
      label: (group: string) => group,
      customerName: 'Customer',
      impressions: 'Impressions',
      campaignImpressions: 'Campaign impressions',
      revenue: 'Revenue',
      avails: 'Avails',
      fillRate: 'Avails filled',
    },
    total: 'Total',
    caption: (from: string, to: string, group: string) =>
      `Insights from ${from} to ${to}, by ${group.toLowerCase()}`,
  },
} as const;
