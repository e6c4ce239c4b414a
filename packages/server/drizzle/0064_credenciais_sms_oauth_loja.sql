CREATE TABLE "delivery_oauth" (
	"grupo_empresarial_id" text NOT NULL,
	"integracao_id" text NOT NULL,
	"client_id_cifrado" text NOT NULL,
	"client_secret_cifrado" text NOT NULL,
	"definido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"definido_por" text NOT NULL,
	CONSTRAINT "delivery_oauth_grupo_empresarial_id_integracao_id_pk" PRIMARY KEY("grupo_empresarial_id","integracao_id")
);
--> statement-breakpoint
CREATE TABLE "otp_sms_credencial" (
	"grupo_empresarial_id" text NOT NULL,
	"provedor_id" text NOT NULL,
	"token_cifrado" text NOT NULL,
	"definido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"definido_por" text NOT NULL,
	CONSTRAINT "otp_sms_credencial_grupo_empresarial_id_provedor_id_pk" PRIMARY KEY("grupo_empresarial_id","provedor_id")
);
--> statement-breakpoint
ALTER TABLE "delivery_retorno" ALTER COLUMN "pedido_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_retorno" ADD COLUMN "loja" jsonb;--> statement-breakpoint
-- Secrets are replaced, never deleted with their record (which goes to the trash).
GRANT SELECT, INSERT, UPDATE ON "otp_sms_credencial" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "otp_sms_credencial" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "otp_sms_credencial" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "otp_sms_credencial" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "otp_sms_credencial" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "delivery_oauth" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "delivery_oauth" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "delivery_oauth" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "delivery_oauth" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "delivery_oauth" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
