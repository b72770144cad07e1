CREATE TABLE "alarm_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"resource_id" uuid,
	"metric" text NOT NULL,
	"threshold" double precision NOT NULL,
	"window_minutes" integer DEFAULT 5 NOT NULL,
	"severity" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text
);
--> statement-breakpoint
CREATE TABLE "event_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "playback_minutes" (
	"resource_id" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"ad_requests" integer DEFAULT 0 NOT NULL,
	"ad_errors" integer DEFAULT 0 NOT NULL,
	"ad_timeouts" integer DEFAULT 0 NOT NULL,
	"avails" integer DEFAULT 0 NOT NULL,
	"avails_empty" integer DEFAULT 0 NOT NULL,
	"avail_seconds" double precision DEFAULT 0 NOT NULL,
	"ad_seconds" double precision DEFAULT 0 NOT NULL,
	"ads_chosen" integer DEFAULT 0 NOT NULL,
	"ads_skipped" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"completes" integer DEFAULT 0 NOT NULL,
	"beacons_sent" integer DEFAULT 0 NOT NULL,
	"beacon_errors" integer DEFAULT 0 NOT NULL,
	"origin_requests" integer DEFAULT 0 NOT NULL,
	"origin_errors" integer DEFAULT 0 NOT NULL,
	"ad_latency_ms" integer[] NOT NULL,
	"origin_latency_ms" integer[] NOT NULL,
	CONSTRAINT "playback_minutes_resource_id_minute_pk" PRIMARY KEY("resource_id","minute")
);
--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "rule_id" uuid;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "acknowledged_by" text;--> statement-breakpoint
ALTER TABLE "resource_events" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "resource_events" ADD COLUMN "avail_id" text;--> statement-breakpoint
ALTER TABLE "resource_events" ADD COLUMN "data" jsonb;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playback_minutes" ADD CONSTRAINT "playback_minutes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_rules_customer_idx" ON "alarm_rules" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "event_batches_at_idx" ON "event_batches" USING btree ("at");--> statement-breakpoint
CREATE INDEX "playback_minutes_minute_idx" ON "playback_minutes" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "playback_minutes_customer_minute_idx" ON "playback_minutes" USING btree ("customer_id","minute");--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_rule_open_idx" ON "alarms" USING btree ("rule_id","module_object_id") WHERE "alarms"."cleared_at" is null;--> statement-breakpoint
CREATE INDEX "resource_events_avail_idx" ON "resource_events" USING btree ("resource_id","avail_id","at" DESC NULLS LAST) WHERE "resource_events"."avail_id" is not null;--> statement-breakpoint
CREATE INDEX "resource_events_at_idx" ON "resource_events" USING btree ("at");