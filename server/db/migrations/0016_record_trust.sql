CREATE TABLE "audit_events" (
	"request_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text,
	"actor_email" text,
	"actor_role" text,
	"type" text NOT NULL,
	"details" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_events_request_id_seq_pk" PRIMARY KEY("request_id","seq")
);
--> statement-breakpoint
CREATE TABLE "audit_heads" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shared_package_seals" (
	"request_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"field_digests" jsonb NOT NULL,
	"statement" text,
	CONSTRAINT "shared_package_seals_request_id_version_pk" PRIMARY KEY("request_id","version")
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "shared_package_files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "shared_packages" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "shared_packages" ADD COLUMN "certified_by" text;--> statement-breakpoint
ALTER TABLE "shared_packages" ADD COLUMN "certified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_request_id_lpq_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."lpq_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_heads" ADD CONSTRAINT "audit_heads_request_id_lpq_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."lpq_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shared_package_seals" ADD CONSTRAINT "shared_package_seals_request_id_version_shared_packages_request_id_version_fk" FOREIGN KEY ("request_id","version") REFERENCES "public"."shared_packages"("request_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id") WHERE "audit_events"."actor_user_id" is not null;--> statement-breakpoint
-- ==== Hand-written (issue 33, PRODUCT.md §11): keep this block when the migration is generated again. ====
-- Every request has the head of its audit chain from the moment it exists, whichever code path inserts it
-- (the service, a test factory, SQL typed by hand): an append is then one UPDATE of that row
-- (modules/audit/audit-chain.ts), which an append to a request without a head would silently miss.
-- Seq 0 and the genesis hash (64 zeros) as both hashes.
CREATE FUNCTION "lpq_requests_audit_head"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_heads (request_id, seq, prev_hash, hash)
  VALUES (NEW.id, 0, repeat('0', 64), repeat('0', 64));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "lpq_requests_audit_head" AFTER INSERT ON "lpq_requests"
  FOR EACH ROW EXECUTE FUNCTION "lpq_requests_audit_head"();
--> statement-breakpoint
-- The requests already there get their heads too: their chains start with the next event.
INSERT INTO "audit_heads" ("request_id", "seq", "prev_hash", "hash")
SELECT "id", 0, repeat('0', 64), repeat('0', 64) FROM "lpq_requests";
