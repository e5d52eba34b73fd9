import { z } from 'zod';
import { defineContracts, raw } from './contract';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

export const opsContracts = defineContracts('Operations', {
  health: {
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: the process answers',
    audience: 'public',
    response: { 200: z.object({ status: z.literal('ok') }) },
  },
  ready: {
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: the database answers and has every committed migration',
    audience: 'public',
    response: {
      200: z.object({ status: z.literal('ready') }),
      503: z.object({ status: z.literal('unavailable'), reason: z.string() }),
    },
  },
  metrics: {
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics (only with METRICS_ENABLED; bearer token when one is set)',
    audience: 'public',
    response: { 200: raw('Prometheus text exposition format', 'text/plain') },
  },
  devMail: {
    method: 'GET',
    path: '/dev/mail',
    summary: 'Local mail (outside production, no SMTP_URL; loopback clients only)',
    description: 'HTML by default; `?format=json` or `Accept: application/json` for a JSON list.',
    audience: 'local',
    response: { 200: raw('The local mailbox, newest first', 'text/html') },
  },
  devAgeSession: {
    method: 'POST',
    path: '/dev/session/age',
    summary:
      'Makes the caller’s sign-in older than recent sign-in allows (outside production, loopback only)',
    description:
      'For the browser journeys of the recent-sign-in dialog (PRODUCT.md §10): the next action that needs a recent sign-in asks for it. Does nothing without a session.',
    audience: 'local',
    response: { 204: raw('Done') },
  },
  openapi: {
    method: 'GET',
    path: OPENAPI_PATH,
    summary: 'This API as an OpenAPI 3.1 document',
    audience: 'public',
    // The generated document itself: an open JSON object on purpose.
    response: { 200: z.record(z.string(), z.unknown()) },
  },
  docs: {
    method: 'GET',
    path: API_DOCS_PATH,
    summary: 'This API as a readable page',
    audience: 'public',
    response: { 200: raw('Every operation with its schemas', 'text/html') },
  },
});
