ALTER TABLE "whatsapp_conexao" ADD COLUMN "waba_id" text;--> statement-breakpoint
ALTER TABLE "whatsapp_conexao" ADD COLUMN "modelos" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_conexao" ADD COLUMN "modelos_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_mensagem" ADD COLUMN "midia" jsonb;