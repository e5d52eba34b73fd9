import { positionLpqCompleteSchema, positionLpqSaveSchema } from '../position-lpq';
import { defineContracts, idParams } from './contract';
import { positionLpqResponse } from './requests';

/** The position LPQ: the spec's paths stay /api/lpqs (spec 2.11), the name inside is the position LPQ. */
export const positionLpqContracts = defineContracts('Position LPQ', {
  get: {
    method: 'GET',
    path: '/api/lpqs/:id',
    summary: 'A position LPQ of the attorney',
    audience: 'attorney',
    params: idParams,
    response: { 200: positionLpqResponse },
  },
  save: {
    method: 'PUT',
    path: '/api/lpqs/:id',
    summary: 'Save the position LPQ (in progress)',
    audience: 'attorney',
    params: idParams,
    body: positionLpqSaveSchema,
    errors: { 409: 'the position LPQ is submitted, or its request is closed' },
    response: { 200: positionLpqResponse },
  },
  complete: {
    method: 'PUT',
    path: '/api/lpqs/:id/complete',
    summary: 'Submit the position LPQ; the firm is told',
    audience: 'attorney',
    params: idParams,
    body: positionLpqCompleteSchema,
    errors: { 409: 'the position LPQ is submitted, or its request is closed' },
    response: { 200: positionLpqResponse },
  },
});
