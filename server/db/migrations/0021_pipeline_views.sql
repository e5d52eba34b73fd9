CREATE TABLE "firm_saved_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"firm_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "lpq_requests_firm_status_idx";--> statement-breakpoint
ALTER TABLE "firm_saved_views" ADD CONSTRAINT "firm_saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firm_saved_views" ADD CONSTRAINT "firm_saved_views_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "firm_saved_views_user_name_idx" ON "firm_saved_views" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_activity_idx" ON "lpq_requests" USING btree ("firm_id",greatest("sent_at", "last_resent_at", "reminder_sent_at", "declined_at", "shared_at", "attention_at", "reviewed_at", "completed_at", "withdrawn_at", "revoked_at"),"id");--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_new_idx" ON "lpq_requests" USING btree ("firm_id","attention_at") WHERE "lpq_requests"."attention_at" is not null and ("lpq_requests"."firm_opened_at" is null or "lpq_requests"."firm_opened_at" < "lpq_requests"."attention_at");--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_overdue_idx" ON "lpq_requests" USING btree ("firm_id","due_date") WHERE "lpq_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_status_idx" ON "lpq_requests" USING btree ("firm_id","status","id");