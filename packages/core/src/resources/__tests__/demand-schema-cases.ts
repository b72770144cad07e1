/**
 * The demand resources' schema tables (advertiser, campaign, creative, placement, bundle, pod),
 * merged into schemas.test.ts's TABLES: a valid sample, one change per rule with the exact
 * `{ field, message }` issues (the spec's texts where it words them, ours otherwise), and values
 * at the edge of a rule that pass.
 */
import { DAILY_BUDGET_MAX, DURATION_SECONDS_MAX } from '../../validation/limits.ts';
import {
  dailyBudgetMessage,
  greaterThanZeroMessage,
  LIMIT_TEXTS,
  VALIDATION_MESSAGES as M,
} from '../../validation/messages.ts';
import { ADVERTISER_EMAILS_MAX } from '../advertiser.ts';
import { BUNDLE_SOURCES_MAX } from '../bundle.ts';
import { CAMPAIGN_TEXTS, CPM_MAX, FREQUENCY_CAP_MAX, WEIGHT_MAX } from '../campaign.ts';
import { CREATIVE_TEXTS, CREATIVE_TRACKING_MAX, TRACKING_EVENTS } from '../creative.ts';
import { PLACEMENT_LABELS, PLACEMENT_TEXTS } from '../placement.ts';
import { POD_LABELS, POD_TEXTS } from '../pod.ts';
import type { ResourceKind } from '../registry.ts';
import { nameCases, OTHER_UUID, only, type SchemaTable, statusCase, UUID } from './schema-cases.ts';

const NOTE_3000 = 'n'.repeat(3000);
const emails = (n: number) => Array.from({ length: n }, (_, i) => `contact${i}@acme.example`);

const ADVERTISER: SchemaTable = {
  sample: { name: 'Acme Sports', contactEmails: ['sales@acme.example'] },
  cases: [
    ...nameCases(),
    statusCase,
    {
      rule: 'contact email not an address',
      change: { contactEmails: ['sales@acme.example', 'acme'] },
      expected: only('contactEmails', M.invalidEmail),
    },
    {
      rule: 'contact email without a domain',
      change: { contactEmails: ['sales@'] },
      expected: only('contactEmails', M.invalidEmail),
    },
    {
      rule: 'contact emails not a list',
      change: { contactEmails: 'sales@acme.example' },
      expected: only('contactEmails', M.invalidEmail),
    },
    {
      rule: 'contact email not text',
      change: { contactEmails: [7] },
      expected: only('contactEmails.0', M.invalidEmail),
    },
    {
      rule: 'too many contact emails',
      change: { contactEmails: emails(ADVERTISER_EMAILS_MAX + 1) },
      expected: only('contactEmails', LIMIT_TEXTS.tooMany(ADVERTISER_EMAILS_MAX)),
    },
    {
      rule: 'admin note too long',
      change: { adminNote: `${NOTE_3000}x` },
      expected: only('adminNote', M.noteTooLong),
    },
    {
      rule: 'user note too long',
      change: { userNote: `${NOTE_3000}x` },
      expected: only('userNote', M.noteTooLong),
    },
    { rule: 'user note not text', change: { userNote: 5 }, expected: only('userNote', M.noteTooLong) },
  ],
  accepted: [
    { contactEmails: [] },
    { contactEmails: emails(ADVERTISER_EMAILS_MAX) },
    { contactEmails: ['  padded@acme.example  '] },
    { adminNote: NOTE_3000, userNote: NOTE_3000 },
    // Characters, not UTF-16 units: 3000 emoji are 6000 units.
    { userNote: '😀'.repeat(3000) },
    { status: 'inactive' },
  ],
};

const CAMPAIGN: SchemaTable = {
  sample: {
    name: 'Spring sale',
    advertiserId: UUID,
    startDate: '01-01-2026T00:00:00',
    endDate: '12-31-2026T23:59:59',
    placementIds: [UUID],
  },
  cases: [
    ...nameCases(),
    statusCase,
    {
      rule: 'advertiser missing',
      change: { advertiserId: undefined },
      expected: only('advertiserId', M.requiredStar),
    },
    {
      rule: 'advertiser blank',
      change: { advertiserId: '  ' },
      expected: only('advertiserId', M.requiredStar),
    },
    {
      rule: 'advertiser not text',
      change: { advertiserId: 7 },
      expected: only('advertiserId', M.requiredStar),
    },
    {
      rule: 'start date missing',
      change: { startDate: undefined },
      expected: only('startDate', M.invalidDate),
    },
    {
      rule: 'start date ISO',
      change: { startDate: '2026-01-01' },
      expected: only('startDate', M.invalidDate),
    },
    {
      rule: 'end date on a day that does not exist',
      change: { endDate: '02-30-2026T00:00:00' },
      expected: only('endDate', M.invalidDate),
    },
    {
      rule: 'start after end',
      change: { startDate: '12-31-2026T23:59:59', endDate: '01-01-2026T00:00:00' },
      expected: [
        { field: 'startDate', message: M.startDateBeforeEnd },
        { field: 'endDate', message: M.endDateAfterStart },
      ],
    },
    {
      rule: 'start one second after end',
      change: { startDate: '06-01-2026T12:00:01', endDate: '06-01-2026T12:00:00' },
      expected: [
        { field: 'startDate', message: M.startDateBeforeEnd },
        { field: 'endDate', message: M.endDateAfterStart },
      ],
    },
    {
      rule: 'schedule start unreadable',
      change: { scheduleStartDate: 'soon' },
      expected: only('scheduleStartDate', M.invalidDate),
    },
    {
      rule: 'schedule end before its start',
      change: { scheduleStartDate: '03-01-2026T00:00:00', maxDate: '02-01-2026T00:00:00' },
      expected: only('maxDate', M.invalidDate),
    },
    {
      rule: 'exclude end unreadable',
      change: { excludeStartDate: '03-01-2026T00:00:00', excludeMaxDate: '03-32-2026T00:00:00' },
      expected: only('excludeMaxDate', M.invalidDate),
    },
    {
      rule: 'exclude end before its start',
      change: { excludeStartDate: '03-10-2026T00:00:00', excludeMaxDate: '03-01-2026T00:00:00' },
      expected: only('excludeMaxDate', M.invalidDate),
    },
    {
      rule: 'rule start hour 25',
      change: { ruleStartTime: '25:00' },
      expected: only('ruleStartTime', M.invalidTime),
    },
    {
      rule: 'rule end as words',
      change: { ruleEndTime: '9pm' },
      expected: only('ruleEndTime', M.invalidTime),
    },
    {
      rule: 'rule time not text',
      change: { ruleStartTime: 900 },
      expected: only('ruleStartTime', M.invalidTime),
    },
    {
      rule: 'rule end before rule start',
      change: { ruleStartTime: '18:00', ruleEndTime: '09:00' },
      expected: only('ruleEndTime', M.invalidTime),
    },
    {
      rule: 'priority unknown',
      change: { priority: 'gold' },
      expected: only('priority', M.thisFieldRequired),
    },
    {
      rule: 'priority level 0',
      change: { priorityLevel: 0 },
      expected: only('priorityLevel', CAMPAIGN_TEXTS.priorityLevel),
    },
    {
      rule: 'priority level 11',
      change: { priorityLevel: 11 },
      expected: only('priorityLevel', CAMPAIGN_TEXTS.priorityLevel),
    },
    {
      rule: 'priority level fractional',
      change: { priorityLevel: 2.5 },
      expected: only('priorityLevel', CAMPAIGN_TEXTS.priorityLevel),
    },
    { rule: 'weight 0', change: { weight: 0 }, expected: only('weight', CAMPAIGN_TEXTS.weight) },
    { rule: 'weight as text', change: { weight: '3' }, expected: only('weight', CAMPAIGN_TEXTS.weight) },
    {
      rule: 'booked impressions negative',
      change: { bookedImpressions: -1 },
      expected: only('bookedImpressions', CAMPAIGN_TEXTS.bookedImpressions),
    },
    {
      rule: 'booked impressions fractional',
      change: { bookedImpressions: 10.5 },
      expected: only('bookedImpressions', CAMPAIGN_TEXTS.bookedImpressions),
    },
    {
      rule: 'daily budget 0',
      change: { dailyBudget: 0 },
      expected: only('dailyBudget', dailyBudgetMessage(1, 1000000000)),
    },
    {
      rule: 'daily budget above a billion',
      change: { dailyBudget: 1000000001 },
      expected: only('dailyBudget', dailyBudgetMessage(1, 1000000000)),
    },
    {
      rule: 'daily budget as text',
      change: { dailyBudget: '500' },
      expected: only('dailyBudget', dailyBudgetMessage(1, 1000000000)),
    },
    {
      rule: 'frequency cap negative',
      change: { frequencyCap: -1 },
      expected: only('frequencyCap', CAMPAIGN_TEXTS.frequencyCap),
    },
    {
      rule: 'frequency period unknown',
      change: { frequencyPeriod: 'month' },
      expected: only('frequencyPeriod', M.thisFieldRequired),
    },
    { rule: 'pacing unknown', change: { pacing: 'fast' }, expected: only('pacing', M.thisFieldRequired) },
    { rule: 'CPM negative', change: { cpm: -0.01 }, expected: only('cpm', CAMPAIGN_TEXTS.cpm) },
    { rule: 'CPM below a cent', change: { cpm: 12.505 }, expected: only('cpm', CAMPAIGN_TEXTS.cpm) },
    { rule: 'CPM as text', change: { cpm: '12.50' }, expected: only('cpm', CAMPAIGN_TEXTS.cpm) },
    {
      rule: 'placements missing',
      change: { placementIds: undefined },
      expected: only('placementIds', M.placementsRequired),
    },
    {
      rule: 'placements empty',
      change: { placementIds: [] },
      expected: only('placementIds', M.placementsRequired),
    },
    {
      rule: 'placements not a list',
      change: { placementIds: UUID },
      expected: only('placementIds', M.placementsRequired),
    },
    {
      rule: 'placement id blank',
      change: { placementIds: [UUID, ''] },
      expected: only('placementIds.1', M.placementsRequired),
    },
    {
      rule: 'placement id not an id',
      change: { placementIds: ['all-streams'] },
      expected: only('placementIds.0', M.placementsRequired),
    },
    {
      rule: 'too many placements',
      change: { placementIds: Array(101).fill(UUID) },
      expected: only('placementIds', LIMIT_TEXTS.tooMany(100)),
    },
    {
      rule: 'creative id not a UUID',
      change: { creativeIds: ['spring-15s'] },
      expected: only('creativeIds.0', M.invalidUuid),
    },
    {
      rule: 'targeted live stream not a UUID',
      change: { targetLiveStreamIds: ['sports-1'] },
      expected: only('targetLiveStreamIds.0', M.invalidUuid),
    },
    {
      rule: 'targeted VOD asset not a UUID',
      change: { targetVodIds: [UUID, 'vod'] },
      expected: only('targetVodIds.1', M.invalidUuid),
    },
    {
      rule: 'no day targeted',
      change: { targetDays: [] },
      expected: only('targetDays', CAMPAIGN_TEXTS.daysRequired),
    },
    {
      rule: 'day 7',
      change: { targetDays: [1, 7] },
      expected: only('targetDays.1', CAMPAIGN_TEXTS.daysRequired),
    },
    {
      rule: 'country unknown',
      change: { targetCountries: ['DE', 'XX'] },
      expected: only('targetCountries.1', CAMPAIGN_TEXTS.country),
    },
    {
      rule: 'country as a name',
      change: { targetCountries: ['Germany'] },
      expected: only('targetCountries.0', CAMPAIGN_TEXTS.country),
    },
    {
      rule: 'device unknown',
      change: { targetDevices: ['watch'] },
      expected: only('targetDevices.0', M.thisFieldRequired),
    },
  ],
  accepted: [
    // Equal start and end: a one-second flight (the rule refuses only a start after the end).
    { startDate: '06-01-2026T12:00:00', endDate: '06-01-2026T12:00:00' },
    { startDate: ' 01-01-2026T00:00:00 ' },
    { scheduleStartDate: '02-01-2026T00:00:00', maxDate: '02-01-2026T00:00:00' },
    { excludeStartDate: '03-01-2026T00:00:00', excludeMaxDate: '03-08-2026T00:00:00' },
    { ruleStartTime: '00:00', ruleEndTime: '23:59:59' },
    { ruleStartTime: '12:00', ruleEndTime: '12:00' },
    { ruleStartTime: '06:30' },
    { priority: 'sponsorship', priorityLevel: 1 },
    { priority: 'house', priorityLevel: 10 },
    { weight: 1 },
    { weight: WEIGHT_MAX },
    { bookedImpressions: 0 },
    { dailyBudget: 1 },
    { dailyBudget: DAILY_BUDGET_MAX },
    { dailyBudget: null },
    { frequencyCap: 0, frequencyPeriod: 'campaign' },
    { frequencyCap: FREQUENCY_CAP_MAX, frequencyPeriod: 'hour' },
    { pacing: 'asap' },
    { cpm: 0 },
    { cpm: 0.01 },
    { cpm: 12.5 },
    { cpm: 8 },
    { cpm: CPM_MAX },
    { placementIds: [UUID, OTHER_UUID] },
    { placementIds: Array(100).fill(UUID) },
    { creativeIds: [UUID], targetLiveStreamIds: [UUID], targetVodIds: [OTHER_UUID] },
    { targetDays: [0] },
    { targetDays: [1, 2, 3, 4, 5] },
    { targetCountries: ['de', ' gb '] },
    { targetDevices: ['desktop', 'mobile', 'tablet', 'ctv'] },
  ],
};

const CREATIVE: SchemaTable = {
  sample: { name: 'Spring sale 15s', videoUrl: 'https://cdn.example/ads/spring.mp4', duration: 15 },
  cases: [
    ...nameCases(),
    statusCase,
    {
      rule: 'source unknown',
      change: { sourceType: 'ftp' },
      expected: only('sourceType', M.thisFieldRequired),
    },
    { rule: 'video URL missing', change: { videoUrl: undefined }, expected: only('videoUrl', M.invalidUrl) },
    {
      rule: 'video URL not a URL',
      change: { videoUrl: 'spring.mp4' },
      expected: only('videoUrl', M.invalidUrl),
    },
    {
      rule: 'duration missing',
      change: { duration: undefined },
      expected: only('duration', M.triggerDuration),
    },
    { rule: 'duration 0', change: { duration: 0 }, expected: only('duration', M.triggerDuration) },
    { rule: 'duration negative', change: { duration: -15 }, expected: only('duration', M.triggerDuration) },
    { rule: 'duration as text', change: { duration: '15' }, expected: only('duration', M.triggerDuration) },
    {
      rule: 'duration above a day',
      change: { duration: DURATION_SECONDS_MAX + 1 },
      expected: only('duration', LIMIT_TEXTS.atMost(DURATION_SECONDS_MAX)),
    },
    {
      rule: 'click-through URL not a URL',
      change: { clickThroughUrl: 'acme.example' },
      expected: only('clickThroughUrl', M.invalidUrl),
    },
    {
      rule: 'tracking event unknown',
      change: { trackingUrls: [{ event: 'view', url: 'https://track.example/v' }] },
      expected: only('trackingUrls.0.event', M.thisFieldRequired),
    },
    {
      rule: 'tracking URL not a URL',
      change: { trackingUrls: [{ event: 'impression', url: 'track' }] },
      expected: only('trackingUrls.0.url', M.invalidUrl),
    },
    {
      rule: 'too many tracking URLs',
      change: {
        trackingUrls: Array(CREATIVE_TRACKING_MAX + 1).fill({
          event: 'start',
          url: 'https://track.example/s',
        }),
      },
      expected: only('trackingUrls', LIMIT_TEXTS.tooMany(CREATIVE_TRACKING_MAX)),
    },
    {
      rule: 'Universal Ad ID with a space',
      change: { universalAdId: 'ACME 0001' },
      expected: only('universalAdId', CREATIVE_TEXTS.universalAdId),
    },
    {
      rule: 'Universal Ad ID too long',
      change: { universalAdId: 'a'.repeat(65) },
      expected: only('universalAdId', CREATIVE_TEXTS.universalAdId),
    },
    {
      rule: 'Universal Ad ID registry too long',
      change: { universalAdIdRegistry: 'r'.repeat(65) },
      expected: only('universalAdIdRegistry', CREATIVE_TEXTS.universalAdId),
    },
    {
      rule: 'advertiser not a UUID',
      change: { advertiserId: 'acme' },
      expected: only('advertiserId', M.invalidUuid),
    },
  ],
  accepted: [
    { duration: 0.04 },
    { duration: DURATION_SECONDS_MAX },
    { videoUrl: 'https://cdn.example/ads/spring/master.m3u8' },
    { sourceType: 'upload' },
    { clickThroughUrl: 'https://acme.example/spring?utm_source=ad' },
    { trackingUrls: TRACKING_EVENTS.map((event) => ({ event, url: `https://track.example/${event}` })) },
    { universalAdId: 'ACME-0001_v2.1', universalAdIdRegistry: 'ad-id.org' },
    { universalAdId: 'a'.repeat(64) },
    { advertiserId: UUID },
    { advertiserId: '' },
  ],
};

const PLACEMENT: SchemaTable = {
  sample: { name: 'All streams' },
  cases: [
    ...nameCases(),
    statusCase,
    {
      rule: 'no position',
      change: { positions: [] },
      expected: only('positions', PLACEMENT_TEXTS.positionsRequired),
    },
    {
      rule: 'position unknown',
      change: { positions: ['pre', 'pre-roll'] },
      expected: only('positions.1', PLACEMENT_TEXTS.positionsRequired),
    },
    {
      rule: 'positions not a list',
      change: { positions: 'pre' },
      expected: only('positions', PLACEMENT_TEXTS.positionsRequired),
    },
    {
      rule: 'max ad duration 0',
      change: { maxAdDuration: 0 },
      expected: only('maxAdDuration', greaterThanZeroMessage(PLACEMENT_LABELS.maxAdDuration)),
    },
    {
      rule: 'max ad duration fractional',
      change: { maxAdDuration: 1.5 },
      expected: only('maxAdDuration', greaterThanZeroMessage(PLACEMENT_LABELS.maxAdDuration)),
    },
    {
      rule: 'max pod duration negative',
      change: { maxPodDuration: -30 },
      expected: only('maxPodDuration', greaterThanZeroMessage(PLACEMENT_LABELS.maxPodDuration)),
    },
    {
      rule: 'ad longer than the pod',
      change: { maxAdDuration: 121, maxPodDuration: 120 },
      expected: only('maxAdDuration', PLACEMENT_TEXTS.adLongerThanPod),
    },
    {
      rule: 'live stream id not a UUID',
      change: { liveStreamIds: ['sports-1'] },
      expected: only('liveStreamIds.0', M.invalidUuid),
    },
    { rule: 'VOD ids not a list', change: { vodIds: UUID }, expected: only('vodIds', M.invalidUuid) },
  ],
  accepted: [
    { positions: ['post'] },
    { positions: ['mid', 'pre'] },
    { maxAdDuration: 120, maxPodDuration: 120 },
    { maxAdDuration: 1 },
    { liveStreamIds: [UUID], vodIds: [OTHER_UUID] },
  ],
};

const campaigns = (percentage: number, campaignIds: string[] = []) => ({
  type: 'campaigns',
  percentage,
  campaignIds,
  url: '',
});
const tag = (type: string, url: string, percentage = 100) => ({ type, percentage, campaignIds: [], url });

const BUNDLE: SchemaTable = {
  sample: { name: 'House demand', sources: [campaigns(100)] },
  cases: [
    ...nameCases(),
    statusCase,
    { rule: 'sources missing', change: { sources: undefined }, expected: only('sources', M.bundlesTotal) },
    { rule: 'no source', change: { sources: [] }, expected: only('sources', M.bundlesTotal) },
    {
      rule: 'sources totalling 90',
      change: { sources: [campaigns(60), tag('vast', 'https://ads.example/vast', 30)] },
      expected: only('sources', M.bundlesTotal),
    },
    {
      rule: 'sources totalling 110',
      change: { sources: [campaigns(60), campaigns(50)] },
      expected: only('sources', M.bundlesTotal),
    },
    {
      rule: 'percentage as text',
      change: { sources: [{ ...campaigns(100), percentage: '100' }] },
      expected: only('sources.0.percentage', M.bundlesTotal),
    },
    {
      rule: 'percentage below 0',
      change: { sources: [campaigns(-10), campaigns(110)] },
      expected: [
        { field: 'sources.0.percentage', message: LIMIT_TEXTS.between(0, 100) },
        { field: 'sources.1.percentage', message: LIMIT_TEXTS.between(0, 100) },
      ],
    },
    {
      rule: 'source type unknown',
      change: { sources: [{ ...campaigns(100), type: 'ssp' }] },
      expected: only('sources.0.type', M.thisFieldRequired),
    },
    {
      rule: 'VAST tag without a URL',
      change: { sources: [tag('vast', '')] },
      expected: only('sources.0.url', M.invalidUrl),
    },
    {
      rule: 'VMAP tag not a URL',
      change: { sources: [tag('vmap', 'ads/vmap.xml')] },
      expected: only('sources.0.url', M.invalidUrl),
    },
    {
      rule: 'ad exchange naming a playlist',
      change: { sources: [tag('exchange', 'https://exchange.example/PlayList/7')] },
      expected: only('sources.0.url', M.playlistNotValid),
    },
    {
      rule: 'ad exchange not a URL',
      change: { sources: [tag('exchange', 'exchange-7')] },
      expected: only('sources.0.url', M.invalidUrl),
    },
    {
      rule: 'campaign id not a UUID',
      change: { sources: [campaigns(100, ['spring-sale'])] },
      expected: only('sources.0.campaignIds.0', M.invalidUuid),
    },
    {
      rule: 'too many sources',
      change: { sources: [...Array(BUNDLE_SOURCES_MAX).fill(campaigns(5)), campaigns(0)] },
      expected: only('sources', LIMIT_TEXTS.tooMany(BUNDLE_SOURCES_MAX)),
    },
    { rule: 'pod id not a UUID', change: { podId: 'standard' }, expected: only('podId', M.invalidUuid) },
  ],
  accepted: [
    { sources: [campaigns(33.3), campaigns(33.3), campaigns(33.4)] },
    { sources: [campaigns(0), campaigns(100)] },
    { sources: Array(BUNDLE_SOURCES_MAX).fill(campaigns(5)) },
    {
      sources: [
        campaigns(50, [UUID, OTHER_UUID]),
        tag('vast', 'https://ads.example/vast?dur=[AVAIL_DURATION]&cb=[CACHEBUSTING]', 25),
        tag('vmap', 'https://ads.example/vmap.xml', 15),
        tag('exchange', 'https://exchange.example/bid?seat=7', 10),
      ],
    },
    // A campaigns source needs no URL; one left over from another type is kept, not checked.
    { sources: [{ ...campaigns(100), url: 'left over' }] },
    { podId: UUID },
    { podId: '' },
    { podId: null },
  ],
};

const POD: SchemaTable = {
  sample: { name: 'Standard pod' },
  cases: [
    ...nameCases(),
    statusCase,
    {
      rule: 'no slot',
      change: { adpodLength: 0 },
      expected: only('adpodLength', greaterThanZeroMessage(POD_LABELS.adpodLength)),
    },
    {
      rule: 'slots fractional',
      change: { adpodLength: 2.5 },
      expected: only('adpodLength', greaterThanZeroMessage(POD_LABELS.adpodLength)),
    },
    {
      rule: 'min pod duration negative',
      change: { minTotalDuration: -1 },
      expected: only('minTotalDuration', LIMIT_TEXTS.between(0, DURATION_SECONDS_MAX)),
    },
    {
      rule: 'min ad duration fractional',
      change: { minAdDuration: 7.5 },
      expected: only('minAdDuration', LIMIT_TEXTS.between(0, DURATION_SECONDS_MAX)),
    },
    {
      rule: 'max pod duration 0',
      change: { maxTotalDuration: 0 },
      expected: only('maxTotalDuration', greaterThanZeroMessage(POD_LABELS.maxTotalDuration)),
    },
    {
      rule: 'max ad duration 0',
      change: { maxAdDuration: 0 },
      expected: only('maxAdDuration', greaterThanZeroMessage(POD_LABELS.maxAdDuration)),
    },
    {
      rule: 'min pod duration above the max',
      change: { minTotalDuration: 121, maxTotalDuration: 120 },
      expected: only('minTotalDuration', POD_TEXTS.minAboveMax),
    },
    {
      rule: 'min ad duration above the max',
      change: { minAdDuration: 31, maxAdDuration: 30 },
      expected: only('minAdDuration', POD_TEXTS.minAboveMax),
    },
    {
      rule: 'both minimums above their maximums',
      change: { minTotalDuration: 200, minAdDuration: 90 },
      expected: [
        { field: 'minTotalDuration', message: POD_TEXTS.minAboveMax },
        { field: 'minAdDuration', message: POD_TEXTS.minAboveMax },
      ],
    },
    {
      rule: 'competitive separation as text',
      change: { competitiveSeparation: 'yes' },
      expected: only('competitiveSeparation', LIMIT_TEXTS.yesOrNo),
    },
    {
      rule: 'slate fallback as a number',
      change: { slateFallback: 1 },
      expected: only('slateFallback', LIMIT_TEXTS.yesOrNo),
    },
    {
      rule: 'fill policy unknown',
      change: { fillPolicy: 'greedy' },
      expected: only('fillPolicy', M.thisFieldRequired),
    },
  ],
  accepted: [
    { adpodLength: 1 },
    { minTotalDuration: 60, maxTotalDuration: 60 },
    { minAdDuration: 15, maxAdDuration: 15 },
    { competitiveSeparation: false, slateFallback: false, fillPolicy: 'exact' },
  ],
};

export const DEMAND_TABLES: Record<
  Extract<ResourceKind, 'advertiser' | 'campaign' | 'creative' | 'placement' | 'bundle' | 'pod'>,
  SchemaTable
> = {
  advertiser: ADVERTISER,
  campaign: CAMPAIGN,
  creative: CREATIVE,
  placement: PLACEMENT,
  bundle: BUNDLE,
  pod: POD,
};
