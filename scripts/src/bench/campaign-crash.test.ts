import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimRecipient, claimRecipients } from '@atende/functions/campaigns/claims';
import { campaignRecord } from '@atende/functions/campaigns/records';
import { putCampaign, readRecipient, writeRecipients } from '@atende/functions/campaigns/store';
import { resetClients } from '@atende/functions/lib/clients';
import { resetConfig } from '@atende/functions/lib/config';
import { useTestTables } from '@atende/functions/testing/dynamodb';
import { CAMPAIGN_STATUS } from '@atende/shared/domain/constants';
import { newObjectId } from '@atende/shared/domain/object-id';
import { ENV } from '@atende/shared/infra/env';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DynamoDbLocal, startDynamoDbLocal } from '../local/dynamodb.ts';
import { freePort } from '../local/ports.ts';

const RECIPIENTS = 240;
const LANES = 8;
/** Recipients per claim transaction, as a dispatch chunk claims them (a group at a time). */
const GROUP = 5;
const ROUNDS = 3;
/** Claims acknowledged in a round before the emulator is killed, the instant the next one is acknowledged. */
const CLAIMS_BEFORE_KILL = 30;

const companyId = newObjectId();
const campaignId = newObjectId();
const integrationId = newObjectId();
const contacts = Array.from({ length: RECIPIENTS }, () => newObjectId());
const phoneOf = (index: number) => `55119${String(70_000_000 + index)}`;

let dataDir: string;
let port: number;
let dynamodb: DynamoDbLocal;
let previousEndpoint: string | undefined;
let previousEndpoints: string | undefined;

async function startEmulator() {
  dynamodb = await startDynamoDbLocal({ port, dbPath: join(dataDir, 'dynamodb') });
  process.env[ENV.dynamodbEndpoint] = dynamodb.endpoint;
  // useTestTables picks the worker's emulator from this list: here it is this test's own, on disk.
  process.env.DYNAMODB_ENDPOINTS = dynamodb.endpoint;
  process.env[ENV.dynamodbLocalOnDisk] = 'true';
  resetConfig();
  resetClients();
}

/**
 * Claims the next recipients on `LANES` lanes, `GROUP` per transaction, and SIGKILLs the emulator the instant
 * the claim that makes `killAfter` is acknowledged.
 */
async function claimUntilKilled(next: { index: number }, killAfter: number): Promise<string[]> {
  const acknowledged: string[] = [];
  let killed = false;
  const lane = async () => {
    while (!killed && next.index < RECIPIENTS) {
      const start = next.index;
      next.index = Math.min(RECIPIENTS, start + GROUP);
      const group = contacts.slice(start, next.index).map((contact, offset) => ({
        contact,
        phone: phoneOf(start + offset),
      }));
      const { claimed } = await claimRecipients(
        companyId,
        campaignId,
        integrationId,
        group,
        new Date(),
      ).catch(() => ({ claimed: [] as string[] }));
      if (claimed.length === 0 || killed) continue;
      acknowledged.push(...claimed);
      if (acknowledged.length >= killAfter) {
        killed = true;
        if (dynamodb.pid) process.kill(dynamodb.pid, 'SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  await dynamodb.stop();
  return acknowledged;
}

describe('campaign claims across a kill -9 of DynamoDB Local (the crash bench in small)', () => {
  beforeAll(async () => {
    previousEndpoint = process.env[ENV.dynamodbEndpoint];
    previousEndpoints = process.env.DYNAMODB_ENDPOINTS;
    dataDir = mkdtempSync(join(tmpdir(), 'atende-claim-crash-'));
    port = await freePort();
    await startEmulator();
    await useTestTables();
    const now = new Date().toISOString();
    await putCampaign(
      campaignRecord.parse({
        _id: campaignId,
        company: companyId,
        name: 'Crash',
        status: CAMPAIGN_STATUS.dispatchStarted,
        integration: integrationId,
        channel: 'official',
        template: 'promo',
        audience: { contacts: contacts.slice(0, 10) },
        created_at: now,
        created_by: newObjectId(),
        prepared: true,
        eligible: RECIPIENTS,
        total: RECIPIENTS,
      }),
    );
    await writeRecipients(
      companyId,
      campaignId,
      contacts.map((contact, index) => ({
        contact,
        name: `Destinatário ${index}`,
        phone: phoneOf(index),
        status: 'pending',
        reason: null,
        error_code: null,
        provider_message_id: null,
        params: [],
        header_params: [],
        text: null,
        updated_at: now,
      })),
    );
  }, 120_000);

  afterAll(async () => {
    await dynamodb?.stop();
    if (previousEndpoint !== undefined) process.env[ENV.dynamodbEndpoint] = previousEndpoint;
    if (previousEndpoints !== undefined) process.env.DYNAMODB_ENDPOINTS = previousEndpoints;
    delete process.env[ENV.dynamodbLocalOnDisk];
    resetClients();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('an acknowledged group claim survives the kill: its recipients are never pending again, so never claimable (sendable) again', async () => {
    const next = { index: 0 };
    const lost: string[] = [];
    let acknowledged = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const claims = await claimUntilKilled(next, CLAIMS_BEFORE_KILL);
      acknowledged += claims.length;
      await startEmulator();
      for (const contactId of claims) {
        const recipient = await readRecipient(companyId, campaignId, contactId);
        if (recipient?.status !== 'claimed') lost.push(`${contactId} (${recipient?.status ?? 'missing'})`);
      }
      expect(lost).toEqual([]);
      // A redelivered chunk after the restart: none of the acknowledged claims can be taken (and sent) again,
      // alone or in a group.
      const reclaimed = await Promise.all(
        claims.map((contactId) =>
          claimRecipient(companyId, campaignId, integrationId, contactId, phoneOf(0), new Date()),
        ),
      );
      expect(reclaimed.filter(Boolean)).toEqual([]);
      const regrouped = await claimRecipients(
        companyId,
        campaignId,
        integrationId,
        claims.slice(0, GROUP).map((contact, index) => ({ contact, phone: phoneOf(index) })),
        new Date(),
      );
      expect(regrouped).toEqual({ claimed: [], stopped: false });
    }
    expect(acknowledged).toBeGreaterThanOrEqual(ROUNDS * CLAIMS_BEFORE_KILL);
  }, 240_000);
});
