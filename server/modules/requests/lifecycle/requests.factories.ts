import { objectUrlFor } from '@shared/files';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { files, positionLpqs, users } from '../../../db/schema';
import { storeVersion } from '../sharing/package-versions';
import { transitionRequest } from './request-state';

type Json = Record<string, unknown>;

const META = {
  createdAt: '2026-01-08T14:02:11.000Z',
  updatedAt: '2026-01-10T09:45:00.000Z',
};

/**
 * A full snapshot with the spec's field names, as an attorney's stored records give it — ids and
 * timestamps included, so a screen or PDF that leaks them shows it.
 */
export const SAMPLE_PACKAGE = {
  profile: {
    userId: '7d1c2a9e-5b3f-4c8d-9e0a-1f2b3c4d5e6f',
    phone: '+1 212 555 0100',
    currentFirm: 'Hale & Porter LLP',
    position: 'senior_partner',
    yearsExperience: 14,
    lawSchool: 'Columbia Law School',
    graduationYear: 2010,
    barAdmissions: 'New York\nNew Jersey',
    practiceAreas: ['Corporate', 'M&A'],
    resumeUrl: null,
    ...META,
  },
  masterLpq: {
    id: '0c9e8d7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f',
    attorneyId: '7d1c2a9e-5b3f-4c8d-9e0a-1f2b3c4d5e6f',
    isComplete: true,
    generalInfo: {
      name: 'Casey Nguyen',
      address: '1 Liberty Plaza, New York, NY 10006',
      email: 'casey@example.com',
      phone: '+1 212 555 0100',
      barAdmissions: 'New York\nNew Jersey',
      personalSummary: 'Cross-border M&A partner advising mid-market strategics and sponsors.',
    },
    currentEmployment: {
      employerName: 'Hale & Porter LLP',
      startDate: '2016-03-01',
      currentPosition: 'Partner',
      reasonForDeparture: 'Platform for cross-border M&A',
    },
    priorEmployment: [
      {
        employerName: 'Baxter Lowe',
        startDate: '2010-09-01',
        departureDate: '2016-02-28',
        reasonForDeparture: 'Partnership',
      },
    ],
    financialInfo: {
      employeeType: 'K1',
      compensationExpectations: 'In line with current draw',
      currentCompensation: '1150000',
      currentYear: {
        rate: 1450,
        effectiveRate: 1320,
        billableHours: 1800,
        collections: 2400000,
        portableOriginations: 1850000,
      },
      lastYear: { rate: 1350, billableHours: 1950, collections: 2250000.5, portableOriginations: 1700000 },
      yearBefore: { rate: 1250, billableHours: 2010, collections: 1980000 },
    },
    clientsInfo: {
      topClients: [
        {
          clientName: 'Northwind Holdings',
          isOriginator: true,
          ytdCollections: 1250000,
          lastYearCollections: 1100000,
          reasonableProjected: 1000000,
          portabilityLikelihood: 80,
        },
        {
          clientName: 'Contoso Pharma',
          isOriginator: false,
          ytdCollections: 420000,
          lastYearCollections: 510000,
          reasonableProjected: 300000,
          portabilityLikelihood: 40,
        },
      ],
      isKeyRelationshipManager: 'Yes, for all listed clients',
      shareOriginationCredit: 'Shared 50/50 on one client',
      portedClientsHistory: 'Ported two clients in 2016',
      portabilityDependencies: 'None',
      specialFeeArrangements: 'None',
    },
    practiceRequirements: {
      supportNeeded: 'One associate',
      marketingBudget: '$20,000',
      clientGuidelines: false,
    },
    disclosures: {
      participatedInConflictingMatter: false,
      administrativeProceeding: false,
      malpracticeClaim: true,
      malpracticeClaimExplanation: 'A 2019 claim over a closing delay, dismissed in 2020.',
      nonCompete: false,
      taxLien: false,
    },
    documents: [],
    resumeUrl: null,
    ...META,
  },
  conflictsForm: {
    attorneyName: 'Casey Nguyen',
    date: '2026-01-10',
    firmName: 'Hale & Porter LLP',
    currentClients: [
      {
        clientName: 'Northwind Holdings',
        businessDescription: 'Logistics',
        relationshipStartDate: '2017-05-01',
        typesOfWork: 'M&A',
        annualBillings: '1250000',
      },
    ],
    formerClients: [],
    personalRelationships: {},
    potentialConflicts: 'None known',
    certificationAgreement: true,
    updatedAt: META.updatedAt,
  },
  diversityForm: {
    date: '2026-01-10',
    gender: 'female',
    raceEthnicity: 'asian',
    isMENA: false,
    lgbtqia: 'decline',
    veteranStatus: 'no-military',
    disability: 'no',
    needsAccommodations: false,
    authorizationAgreement: true,
    submittedAt: META.updatedAt,
    updatedAt: META.updatedAt,
  },
  businessPlan: {
    executiveSummary: { businessName: 'Cross-border M&A practice', mission: 'Mid-market deals' },
    operationsPlan: { firmStructure: 'partnership', staffingPlan: 'Two associates in year one' },
    implementation: { milestones: [{ milestone: 'First client ported', timeline: 'Q1', description: '' }] },
    updatedAt: META.updatedAt,
  },
} satisfies Record<string, Json>;

/**
 * Shares a request the way the sharing action does: freezes a package, creates the
 * position LPQ and moves the request to accepted through the state machine. For tests only.
 */
export async function buildSharedPackage(
  db: Db,
  input: {
    requestId: string;
    attorneyUserId: string;
    profile?: Json | null;
    masterLpq?: Json;
    conflictsForm?: Json | null;
    diversityForm?: Json | null;
    businessPlan?: Json | null;
    documents?: { id: string; name: string; contentType: string; size: number }[];
    positionLpq?: { formData?: Json; firmAnswers?: Json; submitted?: boolean };
  },
) {
  return db.transaction(async (tx) => {
    const [attorney] = await tx.select().from(users).where(eq(users.id, input.attorneyUserId));
    const sharedAt = new Date();
    await transitionRequest(tx, {
      requestId: input.requestId,
      to: 'accepted',
      from: ['pending'],
      set: { attorneyUserId: attorney.id, sharedAt, currentVersion: 1 },
    });
    const conflictsForm =
      input.conflictsForm === undefined ? SAMPLE_PACKAGE.conflictsForm : input.conflictsForm;
    const diversityForm =
      input.diversityForm === undefined ? SAMPLE_PACKAGE.diversityForm : input.diversityForm;
    const businessPlan = input.businessPlan === undefined ? SAMPLE_PACKAGE.businessPlan : input.businessPlan;
    const documents = input.documents ?? [];
    // The package's files must exist (a firm downloads them): stand-ins for ids no upload made.
    if (documents.length)
      await tx
        .insert(files)
        .values(
          documents.map((d) => ({
            id: d.id,
            ownerId: attorney.id,
            storageKey: `test/${d.id}`,
            filename: d.name,
            contentType: d.contentType,
            size: d.size,
            status: 'ready' as const,
          })),
        )
        .onConflictDoNothing();
    await storeVersion(
      tx,
      {
        requestId: input.requestId,
        version: 1,
        attorneyUserId: attorney.id,
        sharedAt,
        parts: {
          conflictsForm: !!conflictsForm,
          businessPlan: !!businessPlan,
          documents: documents.length > 0,
          diversityForm: !!diversityForm,
        },
      },
      {
        attorney: {
          id: attorney.id,
          firstName: attorney.firstName,
          lastName: attorney.lastName,
          email: attorney.email,
        },
        profile: input.profile === undefined ? SAMPLE_PACKAGE.profile : input.profile,
        masterLpq: input.masterLpq ?? SAMPLE_PACKAGE.masterLpq,
        conflictsForm,
        diversityForm,
        businessPlan,
        documents: documents.map((d) => ({ ...d, url: objectUrlFor(d.id) })),
      },
    );
    const [lpq] = await tx
      .insert(positionLpqs)
      .values({
        requestId: input.requestId,
        attorneyUserId: attorney.id,
        formData: input.positionLpq?.formData ?? {},
        firmAnswers: input.positionLpq?.firmAnswers ?? {},
        submittedAt: input.positionLpq?.submitted ? new Date() : null,
        status: input.positionLpq?.submitted ? 'submitted' : 'draft',
      })
      .returning();
    return { sharedAt, positionLpqId: lpq.id };
  });
}
