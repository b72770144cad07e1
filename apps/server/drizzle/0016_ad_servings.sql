CREATE TABLE "ad_servings" (
	"serving_id" uuid PRIMARY KEY NOT NULL,
	"campaign_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"counted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ad_servings" ADD CONSTRAINT "ad_servings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_servings_held_idx" ON "ad_servings" USING btree ("campaign_id","expires_at") WHERE "ad_servings"."counted_at" is null;--> statement-breakpoint
CREATE INDEX "ad_servings_decided_idx" ON "ad_servings" USING btree ("decided_at");