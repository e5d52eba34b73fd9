CREATE TABLE "firm_audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"firm_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"subject" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firm_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL,
	"email" text NOT NULL,
	"roles" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" uuid,
	"invited_by_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firm_members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"firm_id" uuid NOT NULL,
	"roles" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"require_two_factor" boolean DEFAULT false NOT NULL,
	"accept_self_identification" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conflicts_clearances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"decided_by_user_id" uuid,
	"decided_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_reviewers" (
	"request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"assigned_by_user_id" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_reviewers_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
-- Hand-written (issue 30): the counting trigger of migration 0012 is replaced below, on firm_id.
DROP TRIGGER "lpq_requests_count_status" ON "lpq_requests";
--> statement-breakpoint
DROP FUNCTION "lpq_requests_count_status"();
--> statement-breakpoint
DELETE FROM "firm_request_counts";
--> statement-breakpoint
ALTER TABLE "custom_sections" DROP CONSTRAINT "custom_sections_firm_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "firm_offices" DROP CONSTRAINT "firm_offices_firm_user_id_firm_profiles_user_id_fk";
--> statement-breakpoint
ALTER TABLE "firm_profiles" DROP CONSTRAINT "firm_profiles_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "firm_request_counts" DROP CONSTRAINT "firm_request_counts_firm_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "lpq_requests" DROP CONSTRAINT "lpq_requests_firm_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "firm_profiles" DROP CONSTRAINT "firm_profiles_pkey";
--> statement-breakpoint
DROP INDEX "custom_sections_firm_idx";
--> statement-breakpoint
DROP INDEX "firm_offices_firm_idx";
--> statement-breakpoint
DROP INDEX "lpq_requests_firm_idx";
--> statement-breakpoint
DROP INDEX "lpq_requests_firm_due_idx";
--> statement-breakpoint
DROP INDEX "lpq_requests_firm_due_desc_idx";
--> statement-breakpoint
DROP INDEX "lpq_requests_firm_shared_idx";
--> statement-breakpoint
DROP INDEX "lpq_requests_firm_shared_desc_idx";
--> statement-breakpoint
DROP INDEX "lpq_requests_firm_position_idx";
--> statement-breakpoint
DROP INDEX "lpq_requests_firm_status_idx";
--> statement-breakpoint
DROP INDEX "lpq_requests_open_invitation_idx";
--> statement-breakpoint
ALTER TABLE "firm_request_counts" DROP CONSTRAINT "firm_request_counts_firm_user_id_status_pk";
--> statement-breakpoint
ALTER TABLE "access_events" ADD COLUMN "firm_id" uuid;
--> statement-breakpoint
ALTER TABLE "access_events" ADD COLUMN "reader_roles" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "access_events" ADD COLUMN "parts" text[];
--> statement-breakpoint
ALTER TABLE "custom_sections" ADD COLUMN "firm_id" uuid;
--> statement-breakpoint
ALTER TABLE "custom_sections" ADD COLUMN "created_by_user_id" uuid;
--> statement-breakpoint
ALTER TABLE "firm_offices" ADD COLUMN "firm_id" uuid;
--> statement-breakpoint
ALTER TABLE "firm_profiles" ADD COLUMN "firm_id" uuid;
--> statement-breakpoint
ALTER TABLE "firm_request_counts" ADD COLUMN "firm_id" uuid;
--> statement-breakpoint
ALTER TABLE "lpq_requests" ADD COLUMN "firm_id" uuid;
--> statement-breakpoint
ALTER TABLE "lpq_requests" ADD COLUMN "created_by_user_id" uuid;
--> statement-breakpoint
ALTER TABLE "lpq_requests" ADD COLUMN "attention_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "lpq_requests" ADD COLUMN "firm_opened_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "lpq_requests" ADD COLUMN "conflicts_status" text DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
-- Hand-written (issue 30): every firm account becomes a firm of its own, with the account's id, whose
-- registrant is admin, recruiter, reviewer and conflicts; its profile, offices, custom sections, requests and
-- the access events of its reads move to the firm. Nothing is deleted before it has been copied.
INSERT INTO "firms" ("id", "created_at", "updated_at")
SELECT "id", "created_at", now() FROM "users" WHERE "user_type" = 'firm';
--> statement-breakpoint
INSERT INTO "firm_members" ("user_id", "firm_id", "roles", "created_at")
SELECT "id", "id", ARRAY['admin', 'recruiter', 'reviewer', 'conflicts']::text[], "created_at" FROM "users" WHERE "user_type" = 'firm';
--> statement-breakpoint
UPDATE "firm_profiles" SET "firm_id" = "user_id";
--> statement-breakpoint
UPDATE "firm_offices" SET "firm_id" = "firm_user_id";
--> statement-breakpoint
UPDATE "custom_sections" SET "firm_id" = "firm_user_id", "created_by_user_id" = "firm_user_id";
--> statement-breakpoint
UPDATE "lpq_requests" r SET "firm_id" = r."firm_user_id", "created_by_user_id" = r."firm_user_id",
  "attention_at" = (
    SELECT max(t) FROM (
      SELECT r."shared_at" AS t
      UNION ALL SELECT max(sp."shared_at") FROM "shared_packages" sp WHERE sp."request_id" = r."id"
      UNION ALL SELECT pl."submitted_at" FROM "position_lpqs" pl WHERE pl."request_id" = r."id"
    ) moments
  ),
  "firm_opened_at" = (
    SELECT max(e."created_at") FROM "access_events" e WHERE e."request_id" = r."id" AND e."kind" = 'package_view'
  );
--> statement-breakpoint
UPDATE "access_events" SET "firm_id" = "firm_user_id", "reader_roles" = ARRAY['admin', 'recruiter', 'reviewer', 'conflicts']::text[];
--> statement-breakpoint
ALTER TABLE "access_events" ALTER COLUMN "firm_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "custom_sections" ALTER COLUMN "firm_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "firm_offices" ALTER COLUMN "firm_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "firm_profiles" ALTER COLUMN "firm_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "firm_profiles" ADD CONSTRAINT "firm_profiles_pkey" PRIMARY KEY ("firm_id");
--> statement-breakpoint
ALTER TABLE "firm_request_counts" ALTER COLUMN "firm_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "lpq_requests" ALTER COLUMN "firm_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "firm_request_counts" ADD CONSTRAINT "firm_request_counts_firm_id_status_pk" PRIMARY KEY("firm_id","status");
--> statement-breakpoint
ALTER TABLE "firm_audit_events" ADD CONSTRAINT "firm_audit_events_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "firm_audit_events" ADD CONSTRAINT "firm_audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "firm_invitations" ADD CONSTRAINT "firm_invitations_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "firm_invitations" ADD CONSTRAINT "firm_invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "firm_members" ADD CONSTRAINT "firm_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "firm_members" ADD CONSTRAINT "firm_members_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conflicts_clearances" ADD CONSTRAINT "conflicts_clearances_request_id_lpq_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."lpq_requests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conflicts_clearances" ADD CONSTRAINT "conflicts_clearances_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "request_reviewers" ADD CONSTRAINT "request_reviewers_request_id_lpq_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."lpq_requests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "request_reviewers" ADD CONSTRAINT "request_reviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "request_reviewers" ADD CONSTRAINT "request_reviewers_assigned_by_user_id_users_id_fk" FOREIGN KEY ("assigned_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "access_events" ADD CONSTRAINT "access_events_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "custom_sections" ADD CONSTRAINT "custom_sections_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "custom_sections" ADD CONSTRAINT "custom_sections_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "firm_offices" ADD CONSTRAINT "firm_offices_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "firm_profiles" ADD CONSTRAINT "firm_profiles_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "firm_request_counts" ADD CONSTRAINT "firm_request_counts_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lpq_requests" ADD CONSTRAINT "lpq_requests_firm_id_firms_id_fk" FOREIGN KEY ("firm_id") REFERENCES "public"."firms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lpq_requests" ADD CONSTRAINT "lpq_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "firm_audit_events_firm_idx" ON "firm_audit_events" USING btree ("firm_id","created_at","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "firm_invitations_token_idx" ON "firm_invitations" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "firm_invitations_open_idx" ON "firm_invitations" USING btree ("firm_id","email") WHERE "firm_invitations"."accepted_at" is null and "firm_invitations"."cancelled_at" is null;
--> statement-breakpoint
CREATE INDEX "firm_members_firm_idx" ON "firm_members" USING btree ("firm_id");
--> statement-breakpoint
CREATE INDEX "conflicts_clearances_request_idx" ON "conflicts_clearances" USING btree ("request_id","created_at");
--> statement-breakpoint
CREATE INDEX "request_reviewers_user_idx" ON "request_reviewers" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_conflicts_idx" ON "lpq_requests" USING btree ("firm_id","conflicts_status","shared_at");
--> statement-breakpoint
CREATE INDEX "custom_sections_firm_idx" ON "custom_sections" USING btree ("firm_id");
--> statement-breakpoint
CREATE INDEX "firm_offices_firm_idx" ON "firm_offices" USING btree ("firm_id");
--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_idx" ON "lpq_requests" USING btree ("firm_id","sent_at","id");
--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_due_idx" ON "lpq_requests" USING btree ("firm_id",coalesce("due_date", 'infinity'::date),"id");
--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_due_desc_idx" ON "lpq_requests" USING btree ("firm_id",coalesce("due_date", '-infinity'::date),"id");
--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_shared_idx" ON "lpq_requests" USING btree ("firm_id",coalesce("shared_at", 'infinity'::timestamptz),"id");
--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_shared_desc_idx" ON "lpq_requests" USING btree ("firm_id",coalesce("shared_at", '-infinity'::timestamptz),"id");
--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_position_idx" ON "lpq_requests" USING btree ("firm_id",lower("position_title"),"id");
--> statement-breakpoint
CREATE INDEX "lpq_requests_firm_status_idx" ON "lpq_requests" USING btree ("firm_id","status");
--> statement-breakpoint
CREATE UNIQUE INDEX "lpq_requests_open_invitation_idx" ON "lpq_requests" USING btree ("firm_id",lower("attorney_email"),lower("position_title")) WHERE "lpq_requests"."status" = 'pending';
--> statement-breakpoint
ALTER TABLE "custom_sections" DROP COLUMN "firm_user_id";
--> statement-breakpoint
ALTER TABLE "firm_offices" DROP COLUMN "firm_user_id";
--> statement-breakpoint
ALTER TABLE "firm_profiles" DROP COLUMN "user_id";
--> statement-breakpoint
ALTER TABLE "firm_request_counts" DROP COLUMN "firm_user_id";
--> statement-breakpoint
ALTER TABLE "lpq_requests" DROP COLUMN "firm_user_id";
--> statement-breakpoint
-- Hand-written (issue 30): the dashboard counts are the firm's now (the trigger of migration 0012, on firm_id).
CREATE FUNCTION "lpq_requests_count_status"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.firm_id, OLD.status) IS NOT DISTINCT FROM (NEW.firm_id, NEW.status) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.firm_id, OLD.status) > (NEW.firm_id, NEW.status) THEN
    INSERT INTO firm_request_counts AS c (firm_id, status, count) VALUES (NEW.firm_id, NEW.status, 1)
      ON CONFLICT (firm_id, status) DO UPDATE SET count = c.count + 1;
    UPDATE firm_request_counts SET count = count - 1 WHERE firm_id = OLD.firm_id AND status = OLD.status;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE firm_request_counts SET count = count - 1 WHERE firm_id = OLD.firm_id AND status = OLD.status;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO firm_request_counts AS c (firm_id, status, count) VALUES (NEW.firm_id, NEW.status, 1)
      ON CONFLICT (firm_id, status) DO UPDATE SET count = c.count + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lpq_requests_count_status" AFTER INSERT OR DELETE OR UPDATE OF "status", "firm_id" ON "lpq_requests"
  FOR EACH ROW EXECUTE FUNCTION "lpq_requests_count_status"();
--> statement-breakpoint
INSERT INTO "firm_request_counts" ("firm_id", "status", "count")
SELECT "firm_id", "status", count(*)::int FROM "lpq_requests" GROUP BY "firm_id", "status";
