CREATE TABLE "conflicts_prechecks" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "conflicts_rows" (
	"request_id" uuid NOT NULL,
	"row_id" text NOT NULL,
	"position" integer NOT NULL,
	"present" boolean DEFAULT true NOT NULL,
	"version" integer,
	"party_name" text NOT NULL,
	"party_role" text NOT NULL,
	"client_name" text NOT NULL,
	"matter_description" text,
	"current" boolean NOT NULL,
	"opened_on" text,
	"closed_on" text,
	"client_may_object" boolean DEFAULT false NOT NULL,
	"party_count" integer,
	"status" text,
	"note_to_attorney" text,
	"answered_by_user_id" uuid,
	"answered_by_name" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conflicts_rows_request_id_row_id_pk" PRIMARY KEY("request_id","row_id")
);
--> statement-breakpoint
ALTER TABLE "lpq_requests" ALTER COLUMN "conflicts_status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "lpq_requests" ALTER COLUMN "conflicts_status" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lpq_requests" ADD COLUMN "conflicts_waiting" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conflicts_prechecks" ADD CONSTRAINT "conflicts_prechecks_request_id_lpq_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."lpq_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflicts_rows" ADD CONSTRAINT "conflicts_rows_request_id_lpq_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."lpq_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conflicts_rows" ADD CONSTRAINT "conflicts_rows_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conflicts_rows_waiting_idx" ON "conflicts_rows" USING btree ("request_id") WHERE "conflicts_rows"."present" and "conflicts_rows"."status" is null;--> statement-breakpoint
-- hand-written:
-- PRODUCT.md §13: a request never shared has nothing for the conflicts team yet (null); a shared request keeps
-- its §9 decision, and conflicts_clearances keeps every decision: its rows take the latest one when first made.
UPDATE "lpq_requests" SET "conflicts_status" = NULL WHERE "current_version" IS NULL;
