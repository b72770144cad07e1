-- The log viewer's text search: trigrams (pg_trgm ships with PostgreSQL's contrib and with PGlite,
-- loaded by db/client.ts; a trusted extension, so the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "resource_events_search_idx" ON "resource_events" USING gin (("message" || ' ' || "resource_name" || ' ' || coalesce("actor", '')) gin_trgm_ops);