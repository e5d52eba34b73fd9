DROP INDEX "access_events_attorney_idx";--> statement-breakpoint
DROP INDEX "lpq_requests_firm_idx";--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_due_idx" ON "lpq_requests" USING btree ("firm_user_id",coalesce("due_date", 'infinity'::date),"id");--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_due_desc_idx" ON "lpq_requests" USING btree ("firm_user_id",coalesce("due_date", '-infinity'::date),"id");--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_shared_idx" ON "lpq_requests" USING btree ("firm_user_id",coalesce("shared_at", 'infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_shared_desc_idx" ON "lpq_requests" USING btree ("firm_user_id",coalesce("shared_at", '-infinity'::timestamptz),"id");--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_position_idx" ON "lpq_requests" USING btree ("firm_user_id",lower("position_title"),"id");--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_status_idx" ON "lpq_requests" USING btree ("firm_user_id","status");--> statement-breakpoint
CREATE INDEX "access_events_attorney_idx" ON "access_events" USING btree ("attorney_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_idx" ON "lpq_requests" USING btree ("firm_user_id","sent_at","id");