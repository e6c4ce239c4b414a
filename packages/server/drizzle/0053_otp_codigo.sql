CREATE TABLE "otp_codigo" (
	"grupo_empresarial_id" text NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"destino" text NOT NULL,
	"canal" text NOT NULL,
	"sal" text NOT NULL,
	"codigo_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"tentativas_maximas" integer NOT NULL,
	"usado_em" timestamp with time zone,
	CONSTRAINT "otp_codigo_grupo_empresarial_id_id_pk" PRIMARY KEY("grupo_empresarial_id","id")
);
--> statement-breakpoint
ALTER TABLE "otp_codigo" ADD CONSTRAINT "otp_codigo_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "otp_codigo_destino_idx" ON "otp_codigo" USING btree ("grupo_empresarial_id","destino","created_at");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "otp_codigo" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "otp_codigo" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "otp_codigo" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "otp_codigo" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "otp_codigo" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
