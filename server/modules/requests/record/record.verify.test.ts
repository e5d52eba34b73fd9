import { CERTIFICATION_MESSAGES, CERTIFICATION_STATEMENT } from '@shared/certification';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { files, lpqRequests, sharedPackageFiles, sharedPackages } from '../../../db/schema';
import { describeEachDb } from '../../../test/harness';
import { storageDrivers } from '../../files/files.client.test-support';
import { pdfBytes, pdfText, sha256 } from '../../files/files.test-support';
import { recordClient } from './record.test-support';

// PRODUCT.md §11: certification on share and update, the firm's view of it, and verify, on both storage
// drivers and both databases.
const drivers = await storageDrivers();

for (const [driver, config] of drivers) {
  describeEachDb(
    `certification and verify on ${driver} storage`,
    (t) => {
      const { get, post, world, tamperWithStoredFile } = recordClient(t);
      const certify = (fullName = 'Casey Nguyen') => ({ certification: { fullName } });

      it('hashes a confirmed document once, by streaming it from storage', async () => {
        const w = await world();
        const [row] = await t().db.select().from(files).where(eq(files.id, w.doc.id));
        expect(row.sha256).toBe(sha256(pdfBytes(3000, 'writing-sample.pdf')));
      });

      // Issue 67 item 8: the name of record is the account's; what was typed is the signature beside it.
      it('certifies on share: the firm sees who, when and the fingerprint; verify says intact', async () => {
        const w = await world();
        const shared = await post(w.attorney, `${w.attorneyUrl}/share`, certify('  casey   NGUYEN '));
        expect(shared.statusCode, shared.body).toBe(200);
        const pkg = (await get(w.firm, w.firmUrl)).json().package;
        expect(pkg.certification).toEqual({
          certifiedBy: 'Casey Nguyen',
          typedName: 'casey NGUYEN',
          certifiedAt: pkg.sharedAt,
          fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
        });
        const verify = await get(w.firm, `${w.firmUrl}/verify`);
        expect(verify.statusCode).toBe(200);
        expect(verify.json()).toEqual({
          intact: true,
          version: 1,
          certifiedBy: 'Casey Nguyen',
          certifiedAt: pkg.sharedAt,
          fingerprint: pkg.certification.fingerprint,
          mismatches: [],
        });
        // The document's hash was copied into the version.
        const [file] = await t()
          .db.select()
          .from(sharedPackageFiles)
          .where(eq(sharedPackageFiles.requestId, w.requestId));
        expect(file.sha256).toBe(sha256(pdfBytes(3000, 'writing-sample.pdf')));
      });

      it('refuses a name that is not the account’s with the message, and changes nothing', async () => {
        const w = await world();
        for (const fullName of ['Casey Nguyễn', 'Jordan Other', 'Casey']) {
          const res = await post(w.attorney, `${w.attorneyUrl}/share`, certify(fullName));
          expect(res.statusCode).toBe(400);
          expect(res.json()).toEqual({
            message: CERTIFICATION_MESSAGES.nameMismatch,
            errors: { 'certification.fullName': CERTIFICATION_MESSAGES.nameMismatch },
          });
        }
        const blank = await post(w.attorney, `${w.attorneyUrl}/share`, certify('   '));
        expect(blank.statusCode).toBe(400);
        expect(blank.json().errors['certification.fullName']).toBe(CERTIFICATION_MESSAGES.nameRequired);
        const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, w.requestId));
        expect(row.status).toBe('pending');
        expect(
          await t().db.select().from(sharedPackages).where(eq(sharedPackages.requestId, w.requestId)),
        ).toEqual([]);
      });

      it('keeps the spec’s bodiless share working: not certified, fingerprint stored all the same', async () => {
        const w = await world();
        expect((await post(w.attorney, `${w.attorneyUrl}/share`)).statusCode).toBe(200);
        expect((await get(w.firm, w.firmUrl)).json().package.certification).toBeNull();
        const verify = (await get(w.firm, `${w.firmUrl}/verify?version=1`)).json();
        expect(verify).toMatchObject({ intact: true, certifiedBy: null, certifiedAt: null, mismatches: [] });
        expect(verify.fingerprint).toMatch(/^[0-9a-f]{64}$/);
      });

      it('certifies each update on its own; each version shows its own certification', async () => {
        const w = await world();
        await post(w.attorney, `${w.attorneyUrl}/share`);
        const bad = await post(w.attorney, `${w.attorneyUrl}/update`, certify('Someone Else'));
        expect(bad.statusCode).toBe(400);
        expect((await post(w.attorney, `${w.attorneyUrl}/update`, certify())).statusCode).toBe(200);
        const v2 = (await get(w.firm, w.firmUrl)).json().package;
        expect(v2.version).toBe(2);
        expect(v2.certification).toMatchObject({ certifiedBy: 'Casey Nguyen' });
        expect((await get(w.firm, `${w.firmUrl}?version=1`)).json().package.certification).toBeNull();
        for (const version of [1, 2])
          expect((await get(w.firm, `${w.firmUrl}/verify?version=${version}`)).json()).toMatchObject({
            intact: true,
            version,
          });
      });

      it('names a replaced or missing document by its place, never its bytes', async () => {
        const w = await world();
        await post(w.attorney, `${w.attorneyUrl}/share`, certify());
        await tamperWithStoredFile(w.doc.id, pdfBytes(3000, 'forged'));
        const replaced = await get(w.firm, `${w.firmUrl}/verify`);
        expect(replaced.json()).toMatchObject({
          intact: false,
          mismatches: [{ part: 'documents', path: 'documents[0]', problem: 'changed' }],
        });
        await tamperWithStoredFile(w.doc.id, null);
        expect((await get(w.firm, `${w.firmUrl}/verify`)).json().mismatches).toEqual([
          { part: 'documents', path: 'documents[0]', problem: 'missing' },
        ]);
      });

      if (driver !== 'local') return;

      it('names the field a database edit changed, without its old or new value', async () => {
        const w = await world();
        await post(w.attorney, `${w.attorneyUrl}/share`, certify());
        const at = and(eq(sharedPackages.requestId, w.requestId), eq(sharedPackages.version, 1));
        await t()
          .db.update(sharedPackages)
          .set({
            masterLpq: sql`jsonb_set(${sharedPackages.masterLpq}, '{financialInfo,currentYear,collections}', '9999999')`,
          })
          .where(at);
        const res = await get(w.firm, `${w.firmUrl}/verify`);
        expect(res.json()).toMatchObject({
          intact: false,
          mismatches: [
            {
              part: 'masterLpq',
              path: 'masterLpq.financialInfo.currentYear.collections',
              problem: 'changed',
            },
          ],
        });
        expect(res.body).not.toContain('9999999');
        expect(res.body).not.toContain('2100000');

        // A field added to the conflicts form, one removed from the master LPQ.
        await t()
          .db.update(sharedPackages)
          .set({
            conflictsForm: sql`${sharedPackages.conflictsForm} || '{"secretNote":"x"}'::jsonb`,
            masterLpq: sql`${sharedPackages.masterLpq} #- '{financialInfo,employeeType}'`,
          })
          .where(at);
        const more = (await get(w.firm, `${w.firmUrl}/verify`)).json();
        expect(more.mismatches).toEqual(
          expect.arrayContaining([
            { part: 'conflictsForm', path: 'conflictsForm.secretNote', problem: 'added' },
            { part: 'masterLpq', path: 'masterLpq.financialInfo.employeeType', problem: 'removed' },
          ]),
        );
      });

      it('names an edited certification, fingerprint or document hash', async () => {
        const cases: [Record<string, unknown>, { part: string; path: string }][] = [
          [{ certifiedBy: 'Someone Else' }, { part: 'certification', path: 'certifiedBy' }],
          [{ certifiedAt: new Date('2020-01-01T00:00:00Z') }, { part: 'certification', path: 'certifiedAt' }],
          [{ fingerprint: 'f'.repeat(64) }, { part: 'version', path: 'fingerprint' }],
          [{ sharedAt: new Date('2020-01-01T00:00:00Z') }, { part: 'sharedAt', path: 'sharedAt' }],
        ];
        for (const [set, mismatch] of cases) {
          const w = await world();
          await post(w.attorney, `${w.attorneyUrl}/share`, certify());
          await t().db.update(sharedPackages).set(set).where(eq(sharedPackages.requestId, w.requestId));
          const res = (await get(w.firm, `${w.firmUrl}/verify`)).json();
          expect(res.intact).toBe(false);
          expect(res.mismatches).toContainEqual(expect.objectContaining(mismatch));
        }
        const w = await world();
        await post(w.attorney, `${w.attorneyUrl}/share`, certify());
        await t()
          .db.update(sharedPackageFiles)
          .set({ sha256: 'e'.repeat(64) })
          .where(eq(sharedPackageFiles.requestId, w.requestId));
        expect((await get(w.firm, `${w.firmUrl}/verify`)).json().mismatches).toEqual(
          expect.arrayContaining([
            { part: 'documents', path: 'documents[0].sha256', problem: 'changed' },
            { part: 'documents', path: 'documents[0]', problem: 'changed' },
          ]),
        );
      });

      it('answers 401, 403, 404 and 400 as every endpoint does', async () => {
        const w = await world();
        const other = await world({ firmName: 'Other LLP' });
        await post(w.attorney, `${w.attorneyUrl}/share`, certify());
        const url = `${w.firmUrl}/verify`;
        expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
        expect((await get(w.attorney, url)).statusCode).toBe(403);
        expect((await get(other.firm, url)).statusCode).toBe(404);
        expect((await get(w.firm, '/api/firm/lpq-requests/not-an-id/verify')).statusCode).toBe(404);
        expect((await get(w.firm, `${url}?version=9`)).statusCode).toBe(404);
        // Before sharing there is nothing to verify.
        expect((await get(other.firm, `${other.firmUrl}/verify`)).statusCode).toBe(404);
        const bad = await get(w.firm, `${url}?version=abc`);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().message).toEqual(expect.any(String));
        // Revoked: the package is gone for the firm, and so is verify.
        await post(w.attorney, `${w.attorneyUrl}/revoke`);
        expect((await get(w.firm, url)).statusCode).toBe(404);
      });

      it('ends the PDF with the certificate page: statement, name, UTC time, version, fingerprint, each document’s hash', async () => {
        const w = await world();
        await post(w.attorney, `${w.attorneyUrl}/share`, certify('casey nguyen'));
        const pkg = (await get(w.firm, w.firmUrl)).json().package;
        const res = await get(w.firm, `${w.firmUrl}/package.pdf`);
        expect(res.statusCode).toBe(200);
        const text = await pdfText(res.rawPayload);
        const page = text.slice(text.lastIndexOf('Certificate'));
        expect(page.replace(/\s+/g, ' ')).toContain(CERTIFICATION_STATEMENT);
        // Issue 67 item 8: the name of record, and what was typed as the signature.
        expect(page.replace(/\s+/g, ' ')).toContain('Certified by Casey Nguyen (typed: casey nguyen)');
        expect(page).toContain('Signature (typed)');
        expect(page).toContain(`${pkg.sharedAt.slice(11, 19)} UTC`);
        expect(page).toContain(pkg.certification.fingerprint);
        expect(page).toContain('writing-sample.pdf');
        expect(page).toContain(sha256(pdfBytes(3000, 'writing-sample.pdf')));

        // Not certified: the page says so, with the fingerprint all the same.
        const u = await world({ firmName: 'Uncertified LLP' });
        await post(u.attorney, `${u.attorneyUrl}/share`);
        const plain = await pdfText((await get(u.firm, `${u.firmUrl}/package.pdf`)).rawPayload);
        expect(plain.slice(plain.lastIndexOf('Certificate'))).toContain('Not certified');
      });
    },
    { config },
  );
}
