CREATE TABLE "blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"namespace" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"size_bytes" bigint NOT NULL,
	"content_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blobs_namespace_check" CHECK ("blobs"."namespace" in ('public', 'private')),
	CONSTRAINT "blobs_size_bytes_check" CHECK ("blobs"."size_bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "blobs" ADD CONSTRAINT "blobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blobs_customer_id_idx" ON "blobs" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "blobs_created_at_idx" ON "blobs" USING btree ("created_at");