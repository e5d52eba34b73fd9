/**
 * One value whose canonical JSON and SHA-256 are written down (canonical-json.test.ts): the same on every
 * Node version the tests run on (scripts/test.sh runs them on Node 20 and 22) and after a round trip
 * through jsonb on PGlite and PostgreSQL (requests/record/record.fingerprint.test.ts). Awkward on purpose: keys out
 * of order, accents, an emoji, a line separator, a control character, floats, -0, 1e21, 2^53.
 */
export const FINGERPRINT_FIXTURE = {
  version: 2,
  masterLpq: {
    financialInfo: { currentYear: { rate: 1250.5, collections: 2400000, billableHours: 1850 } },
    disclosures: { hasMalpracticeClaims: false },
  },
  attorney: { lastName: 'Nguyễn', firstName: 'Casey', email: 'casey@example.com' },
  text: 'line\nbreak "quoted" \\ back \u2028 é 😀 \u0007',
  numbers: [0, -0, 1e21, 1.5e-7, 0.1 + 0.2, -12.75, 2 ** 53],
  empty: { object: {}, array: [] },
  nothing: null,
  documents: [{ name: 'Résumé.pdf', sha256: 'ab'.repeat(32), size: 250880 }],
};

export const FINGERPRINT_FIXTURE_CANONICAL =
  '{"attorney":{"email":"casey@example.com","firstName":"Casey","lastName":"Nguyễn"},"documents":[{"name":"Résumé.pdf","sha256":"abababababababababababababababababababababababababababababababab","size":250880}],"empty":{"array":[],"object":{}},"masterLpq":{"disclosures":{"hasMalpracticeClaims":false},"financialInfo":{"currentYear":{"billableHours":1850,"collections":2400000,"rate":1250.5}}},"nothing":null,"numbers":[0,0,1e+21,1.5e-7,0.30000000000000004,-12.75,9007199254740992],"text":"line\\nbreak \\"quoted\\" \\\\ back \u2028 é 😀 \\u0007","version":2}';

/** SHA-256 of FINGERPRINT_FIXTURE_CANONICAL as UTF-8. */
export const FINGERPRINT_FIXTURE_SHA256 = 'b4221cce5c4913782d972bb227aae1dcb1f0ce1c077a67eb6b3aa14d92fa202a';
