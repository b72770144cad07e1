CREATE TABLE "ad_delivery_days" (
	"campaign_id" uuid NOT NULL,
	"day" date NOT NULL,
	"resource_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"served" bigint DEFAULT 0 NOT NULL,
	"impressions" bigint DEFAULT 0 NOT NULL,
	"revenue_millicents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_delivery_days_campaign_id_day_resource_id_pk" PRIMARY KEY("campaign_id","day","resource_id")
);
--> statement-breakpoint
CREATE TABLE "ad_frequency" (
	"campaign_id" uuid NOT NULL,
	"viewer_key" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_frequency_campaign_id_viewer_key_period_start_pk" PRIMARY KEY("campaign_id","viewer_key","period_start")
);
--> statement-breakpoint
CREATE TABLE "advertisers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bundles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "creatives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "placements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "encoders_customer_name_key";--> statement-breakpoint
DROP INDEX "live_streams_customer_name_key";--> statement-breakpoint
DROP INDEX "slates_customer_name_key";--> statement-breakpoint
DROP INDEX "streamer_channels_customer_name_key";--> statement-breakpoint
DROP INDEX "vod_assets_customer_name_key";--> statement-breakpoint
ALTER TABLE "encoders" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_streams" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slates" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "streamer_channels" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vod_assets" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ad_delivery_days" ADD CONSTRAINT "ad_delivery_days_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "advertisers" ADD CONSTRAINT "advertisers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundles" ADD CONSTRAINT "bundles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "creatives" ADD CONSTRAINT "creatives_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pods" ADD CONSTRAINT "pods_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_delivery_days_customer_day_idx" ON "ad_delivery_days" USING btree ("customer_id","day");--> statement-breakpoint
CREATE INDEX "ad_delivery_days_day_idx" ON "ad_delivery_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "ad_frequency_period_idx" ON "ad_frequency" USING btree ("period_start");--> statement-breakpoint
CREATE INDEX "advertisers_customer_updated_idx" ON "advertisers" USING btree ("customer_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "advertisers_customer_name_key" ON "advertisers" USING btree ("customer_id",lower("data" ->> 'name')) WHERE "advertisers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "bundles_customer_updated_idx" ON "bundles" USING btree ("customer_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "bundles_customer_name_key" ON "bundles" USING btree ("customer_id",lower("data" ->> 'name')) WHERE "bundles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "campaigns_customer_updated_idx" ON "campaigns" USING btree ("customer_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_customer_name_key" ON "campaigns" USING btree ("customer_id",lower("data" ->> 'name')) WHERE "campaigns"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "creatives_customer_updated_idx" ON "creatives" USING btree ("customer_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "creatives_customer_name_key" ON "creatives" USING btree ("customer_id",lower("data" ->> 'name')) WHERE "creatives"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "placements_customer_updated_idx" ON "placements" USING btree ("customer_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "placements_customer_name_key" ON "placements" USING btree ("customer_id",lower("data" ->> 'name')) WHERE "placements"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "pods_customer_updated_idx" ON "pods" USING btree ("customer_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "pods_customer_name_key" ON "pods" USING btree ("customer_id",lower("data" ->> 'name')) WHERE "pods"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "encoders_customer_name_key" ON "encoders" USING btree ("customer_id",lower("data" ->> 'name')) WHERE "encoders"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "live_streams_customer_name_key" ON "live_streams" USING btree ("customer_id",lower("data" ->> 'name')) WHERE "live_streams"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "slates_customer_name_key" ON "slates" USING btree ("customer_id",lower("data" ->> 'name')) WHERE "slates"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "streamer_channels_customer_name_key" ON "streamer_channels" USING btree ("customer_id",lower("data" ->> 'name')) WHERE "streamer_channels"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "vod_assets_customer_name_key" ON "vod_assets" USING btree ("customer_id",lower("data" ->> 'name')) WHERE "vod_assets"."deleted_at" is null;