ALTER TYPE "public"."request_status" ADD VALUE 'revoked';--> statement-breakpoint
CREATE TABLE "shared_package_files" (
	"request_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "shared_package_files_request_id_version_file_id_pk" PRIMARY KEY("request_id","version","file_id")
);
--> statement-breakpoint
ALTER TABLE "lpq_requests" ADD COLUMN "current_version" integer;--> statement-breakpoint
ALTER TABLE "lpq_requests" ADD COLUMN "access_until" date;--> statement-breakpoint
ALTER TABLE "lpq_requests" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lpq_requests" ADD COLUMN "revoked_by" text;--> statement-breakpoint
UPDATE "lpq_requests" SET "current_version" = 1 WHERE "shared_at" is not null;--> statement-breakpoint
ALTER TABLE "shared_packages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "shared_packages" ADD COLUMN "include" jsonb;--> statement-breakpoint
-- Packages shared before the share dialog held every part that existed, the diversity form only if submitted.
UPDATE "shared_packages" SET "include" = jsonb_build_object('conflictsForm', "conflicts_form" is not null, 'businessPlan', "business_plan" is not null, 'documents', jsonb_array_length("documents") > 0, 'diversityForm', "diversity_form" is not null);--> statement-breakpoint
ALTER TABLE "shared_packages" ALTER COLUMN "include" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shared_packages" DROP CONSTRAINT "shared_packages_pkey";--> statement-breakpoint
ALTER TABLE "shared_packages" ADD CONSTRAINT "shared_packages_request_id_version_pk" PRIMARY KEY("request_id","version");--> statement-breakpoint
ALTER TABLE "shared_package_files" ADD CONSTRAINT "shared_package_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_package_files" ADD CONSTRAINT "shared_package_files_request_id_version_shared_packages_request_id_version_fk" FOREIGN KEY ("request_id","version") REFERENCES "public"."shared_packages"("request_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shared_package_files_file_idx" ON "shared_package_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "lpq_requests_access_until_idx" ON "lpq_requests" USING btree ("access_until") WHERE "lpq_requests"."access_until" is not null and "lpq_requests"."revoked_at" is null;