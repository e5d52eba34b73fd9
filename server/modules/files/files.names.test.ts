import { FILE_MESSAGES, storedFileName } from '@shared/files';
import { LIMITS } from '@shared/limits';
import { describe, expect, it } from 'vitest';
import { buildAttorney } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { client, pendingCount, storageDrivers } from './files.client.test-support';
import { docBytes, docxBytes, pdfBytes } from './files.test-support';

// PRODUCT.md §8 (single-line texts): a file's name is a single line of text, and its extension is the one of
// the type its bytes are, whatever the name said (report.html that is a PDF is kept as report.pdf).
const drivers = await storageDrivers();

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

describe('storedFileName', () => {
  it('gives the name the extension of the detected type, replacing any other', () => {
    expect(storedFileName('report.html', 'application/pdf')).toBe('report.pdf');
    expect(storedFileName('logo.svg', 'application/pdf')).toBe('logo.pdf');
    expect(storedFileName('setup.exe', 'application/msword')).toBe('setup.doc');
    expect(storedFileName('letter.doc', DOCX)).toBe('letter.docx');
    expect(storedFileName('notes', 'application/pdf')).toBe('notes.pdf');
    expect(storedFileName('v1.2 final', 'application/pdf')).toBe('v1.2 final.pdf');
    expect(storedFileName('archive.tar.gz', 'application/pdf')).toBe('archive.tar.pdf');
    expect(storedFileName('.pdf', 'application/pdf')).toBe('document.pdf');
    // Already right (in any case): kept as it is.
    expect(storedFileName('Résumé 2024.pdf', 'application/pdf')).toBe('Résumé 2024.pdf');
    expect(storedFileName('CV.PDF', 'application/pdf')).toBe('CV.PDF');
    expect(storedFileName('plan.DOCX', DOCX)).toBe('plan.DOCX');
    // Never longer than a name may be.
    const long = storedFileName(`${'a'.repeat(LIMITS.shortText - 4)}.html`, DOCX);
    expect(long).toHaveLength(LIMITS.shortText);
    expect(long.endsWith('.docx')).toBe(true);
  });
});

for (const [driver, config] of drivers) {
  describeEachDb(
    `file names on ${driver} storage`,
    (t) => {
      const c = client(t);

      it('stores the name with the extension of the type the bytes are', async () => {
        const attorney = await buildAttorney(t().app);
        for (const [name, bytes, type, stored] of [
          ['report.html', pdfBytes(), 'application/pdf', 'report.pdf'],
          ['diagram.svg', pdfBytes(), 'application/pdf', 'diagram.pdf'],
          ['setup.exe', docBytes(), 'application/msword', 'setup.doc'],
          ['letter.pdf', docxBytes(), 'application/pdf', 'letter.docx'],
          ['Résumé 2024.pdf', pdfBytes(), 'application/pdf', 'Résumé 2024.pdf'],
        ] as const) {
          const { confirm } = await c.upload(attorney, bytes, name, type);
          expect(confirm.statusCode, confirm.body).toBe(200);
          expect(confirm.json().name).toBe(stored);
          const got = await c.download(attorney, confirm.json().id);
          expect(got.disposition).toContain(`filename*=UTF-8''${encodeURIComponent(stored)}`);
        }
        // The prototype's bodiless call (local storage; S3 needs the size): named by its type once the bytes
        // show it.
        if (driver === 'local') {
          const bare = await c.as(attorney, { method: 'POST', url: '/api/objects/upload' });
          const { confirm } = await c.upload(attorney, docxBytes(), undefined, DOCX, bare.json());
          expect(confirm.json().name).toBe('document.docx');
        }
      });

      it('refuses a name with a control, line break, bidi override or invisible character on every way in', async () => {
        const attorney = await buildAttorney(t().app);
        for (const filename of [
          'cv\u202Efdp.exe',
          'cv\u200B.pdf',
          '\uFEFFcv.pdf',
          'cv\u0007.pdf',
          'cv\n.pdf',
          'cv\u2066.pdf',
        ]) {
          const size = 1000;
          for (const res of [
            await c.as(attorney, {
              method: 'POST',
              url: '/api/objects/upload',
              payload: { filename, contentType: 'application/pdf', size },
            }),
            await c.as(attorney, {
              method: 'GET',
              url: `/api/uploads/s3/params?${new URLSearchParams({ filename, type: 'application/pdf', 'metadata[size]': String(size) })}`,
            }),
            await c.as(attorney, {
              method: 'POST',
              url: '/api/uploads/s3/multipart',
              payload: { filename, type: 'application/pdf', metadata: { size } },
            }),
          ]) {
            expect(res.statusCode, JSON.stringify(filename)).toBe(400);
            expect(res.json()).toEqual({
              message: FILE_MESSAGES.filenameCharacters,
              errors: { filename: FILE_MESSAGES.filenameCharacters },
            });
          }
        }
        expect(await pendingCount(t, attorney.user.id)).toBe(0);
      });
    },
    { config },
  );
}
