import { canonicalJson } from '@shared/canonical-json';
import {
  FINGERPRINT_FIXTURE,
  FINGERPRINT_FIXTURE_CANONICAL,
  FINGERPRINT_FIXTURE_SHA256,
} from '@shared/canonical-json.fixtures';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { lpqRequests } from '../../../db/schema';
import { buildAttorney } from '../../../test/factories';
import { describeEachDb } from '../../../test/harness';
import { sha256Hex } from '../../audit/audit-chain';
import { buildFirm } from '../../firm/firm.factories';
import { fingerprintOf, verifyVersion, versionContent } from '../certification/certification';
import { SAMPLE_PACKAGE } from '../lifecycle/requests.factories';
import { storeVersion } from '../sharing/package-versions';
import { versionToVerify } from './record.repo';

/** Fixed ids and a fixed moment: the version below is the same data on every database, every run. */
const REQUEST_ID = '3b0b9f6e-7a51-4c2e-9d1f-5e8a2c4b6d10';
const SHARED_AT = new Date('2026-11-25T14:03:07.123Z');
const ATTORNEY = {
  id: '9a8b7c6d-1e2f-4a3b-8c9d-0e1f2a3b4c5d',
  firstName: 'Casey',
  lastName: 'Nguyễn',
  email: 'casey@example.com',
};
/** The fingerprint of that version: written down, so PGlite, PostgreSQL and each Node version must agree. */
const VERSION_FINGERPRINT = '378daf242ea2af62b12cb8ef6b28c64bf169c5c116c6081f4f32801ac02322d5';

describeEachDb('fingerprints are the same bytes on every database (PRODUCT.md §11)', (t) => {
  it('reads the fixture back from jsonb, reordered and renumbered by the database, as the same canonical text', async () => {
    const result = (await t().db.execute(
      sql`select ${JSON.stringify(FINGERPRINT_FIXTURE)}::jsonb as "value", ${JSON.stringify(FINGERPRINT_FIXTURE)}::jsonb::text as "text"`,
    )) as unknown as { rows: { value: unknown; text: string }[] };
    const [{ value, text }] = result.rows;
    // jsonb did change the order and the spelling (so a hash of its text would differ)…
    expect(text).not.toBe(FINGERPRINT_FIXTURE_CANONICAL);
    // …and the canonical text of what it gives back is the one written down.
    const parsed = typeof value === 'string' ? JSON.parse(value) : value;
    expect(canonicalJson(parsed)).toBe(FINGERPRINT_FIXTURE_CANONICAL);
    expect(sha256Hex(canonicalJson(parsed))).toBe(FINGERPRINT_FIXTURE_SHA256);
  });

  it('stores a version whose fingerprint is the one written down, and recomputes it from the row', async () => {
    const firm = await buildFirm(t().app);
    const attorney = await buildAttorney(t().app);
    await t().db.insert(lpqRequests).values({
      id: REQUEST_ID,
      firmId: firm.firmId,
      firmName: 'Arden & Vale',
      attorneyEmail: attorney.user.email,
      positionTitle: 'Corporate Partner',
      practiceArea: 'Corporate',
      currentVersion: 1,
      status: 'accepted',
      sharedAt: SHARED_AT,
    });
    const parts = { conflictsForm: true, businessPlan: true, documents: false, diversityForm: false };
    const frozen = {
      attorney: ATTORNEY,
      profile: SAMPLE_PACKAGE.profile,
      masterLpq: { ...SAMPLE_PACKAGE.masterLpq, fixture: FINGERPRINT_FIXTURE },
      conflictsForm: SAMPLE_PACKAGE.conflictsForm,
      diversityForm: null,
      businessPlan: SAMPLE_PACKAGE.businessPlan,
      documents: [],
    };
    const sealed = await t().db.transaction((tx) =>
      storeVersion(
        tx,
        { requestId: REQUEST_ID, version: 1, attorneyUserId: attorney.user.id, sharedAt: SHARED_AT, parts },
        frozen,
      ),
    );
    expect(sealed.fingerprint).toBe(VERSION_FINGERPRINT);
    const stored = (await versionToVerify(t().db, REQUEST_ID, 1))!;
    expect(stored.row.fingerprint).toBe(VERSION_FINGERPRINT);
    expect(fingerprintOf(versionContent(stored.row, stored.documents)).fingerprint).toBe(VERSION_FINGERPRINT);
    expect(await verifyVersion(t().app.ctx.storage, stored)).toMatchObject({ intact: true, mismatches: [] });
  });
});
