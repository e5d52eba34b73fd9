-- ==== Hand-written data migration (issue 35, item 1; PRODUCT.md §5 as of 2026-11-25) ====
-- Submitting the position LPQ used to move its request to 'reviewed' ("Marked Under Review") with
-- reviewed_at set to the very moment it stored as position_lpqs.submitted_at. A submission is now an event
-- of its own and Under Review only the firm's action: those requests go back to 'in_progress' (the
-- attorney had worked on the LPQ; both count as Shared / 'Documents Shared'), their reviewed_at cleared.
-- A request the firm marked Under Review itself has another reviewed_at and stays as it is. The
-- firm_request_counts trigger (0012) moves the firm's counts with the status.
UPDATE "lpq_requests" AS r
SET "status" = 'in_progress', "reviewed_at" = NULL
FROM "position_lpqs" AS l
WHERE l."request_id" = r."id"
  AND r."status" = 'reviewed'
  AND l."submitted_at" IS NOT NULL
  AND r."reviewed_at" = l."submitted_at";
