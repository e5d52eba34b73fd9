DROP INDEX "lpq_requests_attorney_email_idx";--> statement-breakpoint
CREATE INDEX "lpq_requests_attorney_email_sent_idx" ON "lpq_requests" USING btree (lower("attorney_email"),"sent_at","id");