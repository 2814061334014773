DROP INDEX "agents_user_updated_idx";--> statement-breakpoint
DROP INDEX "conversations_user_updated_idx";--> statement-breakpoint
DROP INDEX "messages_user_updated_idx";--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "synced_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "synced_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "synced_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "key_vaults" ADD COLUMN "synced_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "synced_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "agents_user_synced_idx" ON "agents" USING btree ("user_id","synced_at");--> statement-breakpoint
CREATE INDEX "agents_id_idx" ON "agents" USING btree ("id");--> statement-breakpoint
CREATE INDEX "conversations_user_synced_idx" ON "conversations" USING btree ("user_id","synced_at");--> statement-breakpoint
CREATE INDEX "conversations_id_idx" ON "conversations" USING btree ("id");--> statement-breakpoint
CREATE INDEX "messages_user_synced_idx" ON "messages" USING btree ("user_id","synced_at");--> statement-breakpoint
CREATE INDEX "messages_id_idx" ON "messages" USING btree ("id");