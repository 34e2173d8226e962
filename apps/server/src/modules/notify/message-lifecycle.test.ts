import { MESSAGE_STATUSES } from '@bazaar/shared/schemas/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { messageStatusTransitions } from '../../db/schema/messages';
import { MESSAGE_TRANSITIONS, movableFrom } from './message-lifecycle';

const pairs = (list: readonly { from: string; to: string }[]) =>
  list.map((t) => `${t.from} → ${t.to}`).sort();

describe('the message lifecycle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is the same set of moves in the code and in the database that guards the rows', async () => {
    const rows = await t.db.select().from(messageStatusTransitions);
    expect(pairs(rows.map((r) => ({ from: r.fromStatus, to: r.toStatus })))).toEqual(
      pairs(MESSAGE_TRANSITIONS),
    );
  });

  it('never leads back to an attempt from a status in which the provider may have the message', () => {
    // Only `queued` is ever claimed; only `sending` with a refusal in hand returns to it.
    expect(movableFrom('sending', 'job')).toEqual(['queued']);
    expect(MESSAGE_TRANSITIONS.filter((m) => m.to === 'queued').map((m) => m.from)).toEqual(['sending']);
    expect(MESSAGE_TRANSITIONS.filter((m) => m.to === 'queued').every((m) => m.by.join() === 'job')).toBe(
      true,
    );
    for (const status of ['sent', 'delivered', 'failed', 'unknown'] as const) {
      expect(
        MESSAGE_TRANSITIONS.some((m) => m.from === status && (m.to === 'queued' || m.to === 'sending')),
      ).toBe(false);
    }
  });

  it('names only known statuses, and ends in delivered or failed', () => {
    for (const move of MESSAGE_TRANSITIONS) {
      expect(MESSAGE_STATUSES).toContain(move.from);
      expect(MESSAGE_STATUSES).toContain(move.to);
    }
    expect(MESSAGE_TRANSITIONS.filter((m) => m.from === 'delivered' || m.from === 'failed')).toEqual([]);
  });
});
