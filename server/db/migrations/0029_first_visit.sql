ALTER TABLE "sessions" ADD COLUMN "first_visit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "first_signed_in_at" timestamp with time zone;--> statement-breakpoint
-- Issue 67 item 13: every account made before this had its first session when it was made (registering and
-- accepting an invitation sign in): they are returning users, greeted 'Welcome back'.
UPDATE "users" SET "first_signed_in_at" = "created_at";
