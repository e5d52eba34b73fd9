import { AUDIENCES, definePolicy } from './authorize';

/** The server's periodic jobs (reminders, access expiry, the upload sweeper): never a user. */
export const jobPolicies = {
  run: definePolicy({ name: 'job.run', audience: AUDIENCES.system }),
};
