import { expect, it } from 'vitest';
import { accessEvents, formDrafts, sessions } from '../db/schema';
import { describeEachDb } from '../test/harness';
import { warmUp } from './warm-up';

/** The start-up warm-up fills the pool and runs the hot paths, touching nobody's data. */
describeEachDb('start-up warm-up', (t, kind) => {
  it('opens every connection of the pool (PostgreSQL) and leaves no trace in the data', async () => {
    const before = {
      drafts: (await t().db.select().from(formDrafts)).length,
      events: (await t().db.select().from(accessEvents)).length,
      sessions: (await t().db.select().from(sessions)).length,
    };
    const ms = await warmUp(t().app, t().database);
    if (kind === 'postgres') {
      expect(ms).toBeGreaterThan(0);
      // Every connection is open and idle, ready for the first users.
      expect(t().database.poolStats?.()).toMatchObject({ total: 20, idle: 20, waiting: 0 });
    } else expect(ms).toBe(0);
    expect({
      drafts: (await t().db.select().from(formDrafts)).length,
      events: (await t().db.select().from(accessEvents)).length,
      sessions: (await t().db.select().from(sessions)).length,
    }).toEqual(before);
  });
});
