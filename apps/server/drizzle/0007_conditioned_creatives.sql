CREATE TABLE "conditioned_creatives" (
	"key" text PRIMARY KEY NOT NULL,
	"source_url" text NOT NULL,
	"ladder" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"duration_seconds" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conditioned_creatives_status_check" CHECK ("conditioned_creatives"."status" in ('queued', 'ready', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "conditioned_creatives_updated_at_idx" ON "conditioned_creatives" USING btree ("updated_at");