import { z } from 'zod';
import { POSITION_LPQ_STATUSES } from '../position-lpq';
import { FIRM_POSITION_LPQ_STATUSES, REQUEST_STATUSES } from '../request-status';
import { ACCESS_ACTIONS } from '../sharing';
import { CONFLICTS_STATUSES, FIRM_ROLES, READABLE_PARTS } from '../team';

/**
 * The enums more than one answer holds, one schema each: the OpenAPI document names each once
 * (components.schemas), so a generated client has one type per enum rather than a copy per field.
 */
export const requestStatusSchema = z.enum(REQUEST_STATUSES);
export const positionLpqStatusSchema = z.enum(POSITION_LPQ_STATUSES);
/** The position LPQ's status as the firm reads it in a package: a draft is not started. */
export const firmPositionLpqStatusSchema = z.enum(FIRM_POSITION_LPQ_STATUSES);
export const accessActionSchema = z.enum(ACCESS_ACTIONS);
export const firmRoleSchema = z.enum(FIRM_ROLES);
export const readablePartSchema = z.enum(READABLE_PARTS);
export const conflictsStatusEnum = z.enum(CONFLICTS_STATUSES);
