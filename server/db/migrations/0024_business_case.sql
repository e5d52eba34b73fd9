CREATE TABLE "business_case_assumptions" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"assumptions" jsonb NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "firms" ADD COLUMN "business_case_defaults" jsonb;--> statement-breakpoint
ALTER TABLE "business_case_assumptions" ADD CONSTRAINT "business_case_assumptions_request_id_lpq_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."lpq_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_case_assumptions" ADD CONSTRAINT "business_case_assumptions_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;