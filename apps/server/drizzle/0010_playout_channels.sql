CREATE TABLE "playout_channels" (
	"channel_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"started_at" timestamp with time zone,
	"live_stream_id" uuid,
	"started_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "playout_channels" ADD CONSTRAINT "playout_channels_channel_id_streamer_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."streamer_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playout_channels" ADD CONSTRAINT "playout_channels_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "playout_channels" ADD CONSTRAINT "playout_channels_live_stream_id_live_streams_id_fk" FOREIGN KEY ("live_stream_id") REFERENCES "public"."live_streams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "playout_channels_customer_idx" ON "playout_channels" USING btree ("customer_id");