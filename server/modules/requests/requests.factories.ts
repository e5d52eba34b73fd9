import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { positionLpqs, sharedPackages, users } from '../../db/schema';
import { transitionRequest } from './request-state';

type Json = Record<string, unknown>;

/** A filled-in snapshot with the spec's field names, as an attorney's stored records would give it. */
export const SAMPLE_PACKAGE = {
  profile: {
    phone: '+1 212 555 0100',
    currentFirm: 'Hale & Porter LLP',
    position: 'partner',
    yearsExperience: 14,
    lawSchool: 'Columbia Law School',
    graduationYear: 2010,
    barAdmissions: 'New York\nNew Jersey',
    practiceAreas: ['Corporate', 'M&A'],
  },
  masterLpq: {
    isComplete: true,
    generalInfo: {
      name: 'Casey Nguyen',
      address: '1 Liberty Plaza, New York, NY',
      email: 'casey@example.com',
      phone: '+1 212 555 0100',
      barAdmissions: 'New York',
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
      currentYear: { rate: 1450, billableHours: 1800, collections: 2400000 },
    },
    clientsInfo: {
      topClients: [{ clientName: 'Northwind Holdings', isOriginator: true, portabilityLikelihood: 80 }],
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
    disclosures: { malpracticeClaim: false, nonCompete: false },
  },
  conflictsForm: {
    attorneyName: 'Casey Nguyen',
    date: '2026-01-10',
    firmName: 'Hale & Porter LLP',
    currentClients: [
      { clientName: 'Northwind Holdings', businessDescription: 'Logistics', typesOfWork: 'M&A' },
    ],
    potentialConflicts: 'None known',
    certificationAgreement: true,
  },
  diversityForm: {
    date: '2026-01-10',
    gender: 'female',
    raceEthnicity: 'asian',
    authorizationAgreement: true,
  },
  businessPlan: {
    executiveSummary: { businessName: 'Cross-border M&A practice', mission: 'Mid-market deals' },
    implementation: { milestones: [{ milestone: 'First client ported', timeline: 'Q1', description: '' }] },
  },
} satisfies Record<string, Json>;

/**
 * Shares a request the way the sharing action will (issue 6): freezes a package, creates the
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
      set: { attorneyUserId: attorney.id, sharedAt },
    });
    await tx.insert(sharedPackages).values({
      requestId: input.requestId,
      attorneyUserId: attorney.id,
      sharedAt,
      attorney: {
        id: attorney.id,
        firstName: attorney.firstName,
        lastName: attorney.lastName,
        email: attorney.email,
      },
      profile: input.profile === undefined ? SAMPLE_PACKAGE.profile : input.profile,
      masterLpq: input.masterLpq ?? SAMPLE_PACKAGE.masterLpq,
      conflictsForm: input.conflictsForm === undefined ? SAMPLE_PACKAGE.conflictsForm : input.conflictsForm,
      diversityForm: input.diversityForm === undefined ? SAMPLE_PACKAGE.diversityForm : input.diversityForm,
      businessPlan: input.businessPlan === undefined ? SAMPLE_PACKAGE.businessPlan : input.businessPlan,
      documents: input.documents ?? [],
    });
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
