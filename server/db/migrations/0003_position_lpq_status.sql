ALTER TABLE "position_lpqs" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
UPDATE "position_lpqs" SET "status" = CASE WHEN "submitted_at" IS NOT NULL THEN 'submitted' WHEN "updated_at" > "created_at" THEN 'in_progress' ELSE 'draft' END;
