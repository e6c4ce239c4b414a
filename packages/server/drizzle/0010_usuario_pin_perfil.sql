ALTER TABLE "usuario" ADD COLUMN "pin_hash" text;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "acesso_sistema_id" text;