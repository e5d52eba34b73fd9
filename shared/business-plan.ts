import { z } from 'zod';
import { list, optionalText, requiredText } from './form-fields';
import { LIMITS } from './limits';

/** Spec §5 business plan messages, verbatim. */
export const BUSINESS_PLAN_MESSAGES = {
  businessName: 'Business name is required',
  businessDescription: 'Business description is required',
  mission: 'Mission statement is required',
  keySuccessFactors: 'Key success factors are required',
  financialSummary: 'Financial summary is required',
  industryOverview: 'Industry overview is required',
  targetMarket: 'Target market description is required',
  marketSize: 'Market size is required',
  competitiveAnalysis: 'Competitive analysis is required',
  marketTrends: 'Market trends are required',
  area: 'Practice area is required',
  description: 'Description is required',
  targetClients: 'Target clients is required',
  pricingStrategy: 'Pricing strategy is required',
  serviceDelivery: 'Service delivery model is required',
  qualityAssurance: 'Quality assurance measures are required',
  clientAcquisition: 'Client acquisition strategy is required',
  marketingStrategy: 'Marketing strategy is required',
  networkingPlan: 'Networking plan is required',
  referralStrategy: 'Referral strategy is required',
  digitalPresence: 'Digital presence strategy is required',
  firmStructure: 'Please select firm structure',
  staffingPlan: 'Staffing plan is required',
  technologyNeeds: 'Technology needs are required',
  officeRequirements: 'Office requirements are required',
  workflows: 'Workflow processes are required',
  startupCosts: 'Startup costs are required',
  revenueProjections: 'Revenue projections are required',
  expenseForecasts: 'Expense forecasts are required',
  cashFlow: 'Cash flow projections are required',
  breakEvenAnalysis: 'Break-even analysis is required',
  businessRisks: 'Business risks are required',
  legalRisks: 'Legal risks are required',
  financialRisks: 'Financial risks are required',
  mitigationStrategies: 'Mitigation strategies are required',
  contingencyPlans: 'Contingency plans are required',
  milestone: 'Milestone name is required',
  timeline: 'Timeline is required',
  keyPerformanceIndicators: 'KPIs are required',
  reviewSchedule: 'Review schedule is required',
} as const;

export const FIRM_STRUCTURES = ['sole-proprietorship', 'partnership', 'llc', 'corporation'] as const;
export const FIRM_STRUCTURE_LABELS: Record<(typeof FIRM_STRUCTURES)[number], string> = {
  'sole-proprietorship': 'Sole Proprietorship',
  partnership: 'Partnership',
  llc: 'LLC',
  corporation: 'Corporation',
};

const m = BUSINESS_PLAN_MESSAGES;
const text = (message: string) => requiredText(message, LIMITS.mediumText);
const longText = (message: string) => requiredText(message, LIMITS.longText);
/** A section the body leaves out reports each of its fields' messages, not one generic error. */
const section = <T extends z.ZodRawShape>(shape: T) =>
  z.object(shape).prefault({} as z.input<z.ZodObject<T>>);

export const businessPlanPracticeAreaSchema = z.object({
  area: requiredText(m.area, LIMITS.shortText),
  description: text(m.description),
  targetClients: text(m.targetClients),
  pricingStrategy: text(m.pricingStrategy),
});

export const milestoneSchema = z.object({
  milestone: requiredText(m.milestone, LIMITS.shortText),
  timeline: requiredText(m.timeline, LIMITS.shortText),
  description: text(m.description),
});

/** PUT /api/attorney/business-plan: every text is required except fundingRequirements (spec §5). */
export const businessPlanSchema = z.object({
  executiveSummary: section({
    businessName: requiredText(m.businessName, LIMITS.shortText),
    businessDescription: longText(m.businessDescription),
    mission: text(m.mission),
    keySuccessFactors: text(m.keySuccessFactors),
    financialSummary: text(m.financialSummary),
  }),
  marketAnalysis: section({
    industryOverview: longText(m.industryOverview),
    targetMarket: text(m.targetMarket),
    marketSize: text(m.marketSize),
    competitiveAnalysis: longText(m.competitiveAnalysis),
    marketTrends: text(m.marketTrends),
  }),
  legalServices: section({
    practiceAreas: list(businessPlanPracticeAreaSchema, LIMITS.listMax).default([]),
    serviceDelivery: text(m.serviceDelivery),
    qualityAssurance: text(m.qualityAssurance),
  }),
  businessDevelopment: section({
    clientAcquisition: text(m.clientAcquisition),
    marketingStrategy: text(m.marketingStrategy),
    networkingPlan: text(m.networkingPlan),
    referralStrategy: text(m.referralStrategy),
    digitalPresence: text(m.digitalPresence),
  }),
  operationsPlan: section({
    firmStructure: z.enum(FIRM_STRUCTURES, { error: m.firmStructure }),
    staffingPlan: text(m.staffingPlan),
    technologyNeeds: text(m.technologyNeeds),
    officeRequirements: text(m.officeRequirements),
    workflows: text(m.workflows),
  }),
  financialProjections: section({
    startupCosts: text(m.startupCosts),
    revenueProjections: text(m.revenueProjections),
    expenseForecasts: text(m.expenseForecasts),
    cashFlow: text(m.cashFlow),
    breakEvenAnalysis: text(m.breakEvenAnalysis),
    fundingRequirements: optionalText(LIMITS.mediumText),
  }),
  riskAssessment: section({
    businessRisks: text(m.businessRisks),
    legalRisks: text(m.legalRisks),
    financialRisks: text(m.financialRisks),
    mitigationStrategies: text(m.mitigationStrategies),
    contingencyPlans: text(m.contingencyPlans),
  }),
  implementation: section({
    milestones: list(milestoneSchema, LIMITS.listMax).default([]),
    keyPerformanceIndicators: text(m.keyPerformanceIndicators),
    reviewSchedule: text(m.reviewSchedule),
  }),
});
export type BusinessPlanInput = z.input<typeof businessPlanSchema>;
export type BusinessPlanBody = z.output<typeof businessPlanSchema>;
export type BusinessPlan = BusinessPlanBody & { updatedAt: string };

/** Spec 2.15: the eight steps, in order, each with the section it edits. */
export const BUSINESS_PLAN_STEPS = [
  ['executiveSummary', 'Executive Summary'],
  ['marketAnalysis', 'Market Analysis'],
  ['legalServices', 'Legal Services & Practice Areas'],
  ['businessDevelopment', 'Business Development'],
  ['operationsPlan', 'Operations Plan'],
  ['financialProjections', 'Financial Projections'],
  ['riskAssessment', 'Risk Assessment'],
  ['implementation', 'Implementation Timeline'],
] as const;

/**
 * The text fields of each step with the form's labels (the business plan page and the firm's review both
 * read them); 'text' is one line, 'optional' a paragraph that may stay empty, the rest required paragraphs.
 */
export const BUSINESS_PLAN_FIELDS: Record<
  (typeof BUSINESS_PLAN_STEPS)[number][0],
  (readonly [string, string, ('text' | 'optional')?])[]
> = {
  executiveSummary: [
    ['businessName', 'Business Name', 'text'],
    ['businessDescription', 'Business Description'],
    ['mission', 'Mission Statement'],
    ['keySuccessFactors', 'Key Success Factors'],
    ['financialSummary', 'Financial Summary'],
  ],
  marketAnalysis: [
    ['industryOverview', 'Industry Overview'],
    ['targetMarket', 'Target Market'],
    ['marketSize', 'Market Size'],
    ['competitiveAnalysis', 'Competitive Analysis'],
    ['marketTrends', 'Market Trends'],
  ],
  legalServices: [
    ['serviceDelivery', 'Service Delivery Model'],
    ['qualityAssurance', 'Quality Assurance Measures'],
  ],
  businessDevelopment: [
    ['clientAcquisition', 'Client Acquisition Strategy'],
    ['marketingStrategy', 'Marketing Strategy'],
    ['networkingPlan', 'Networking Plan'],
    ['referralStrategy', 'Referral Strategy'],
    ['digitalPresence', 'Digital Presence Strategy'],
  ],
  operationsPlan: [
    ['staffingPlan', 'Staffing Plan'],
    ['technologyNeeds', 'Technology Needs'],
    ['officeRequirements', 'Office Requirements'],
    ['workflows', 'Workflow Processes'],
  ],
  financialProjections: [
    ['startupCosts', 'Startup Costs'],
    ['revenueProjections', 'Revenue Projections'],
    ['expenseForecasts', 'Expense Forecasts'],
    ['cashFlow', 'Cash Flow Projections'],
    ['breakEvenAnalysis', 'Break-even Analysis'],
    ['fundingRequirements', 'Funding Requirements', 'optional'],
  ],
  riskAssessment: [
    ['businessRisks', 'Business Risks'],
    ['legalRisks', 'Legal Risks'],
    ['financialRisks', 'Financial Risks'],
    ['mitigationStrategies', 'Mitigation Strategies'],
    ['contingencyPlans', 'Contingency Plans'],
  ],
  implementation: [
    ['keyPerformanceIndicators', 'Key Performance Indicators (KPIs)'],
    ['reviewSchedule', 'Review Schedule', 'text'],
  ],
};
