CREATE TABLE "estoque_posicao_variacao" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"local_id" text NOT NULL,
	"linhas" integer DEFAULT 0 NOT NULL,
	"linhas_com_saldo" integer DEFAULT 0 NOT NULL,
	"quantidade" numeric(18, 4) DEFAULT '0' NOT NULL,
	"valor" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "estoque_posicao_variacao" ADD CONSTRAINT "estoque_posicao_variacao_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoque_posicao_variacao_local_idx" ON "estoque_posicao_variacao" USING btree ("grupo_empresarial_id","empresa_id","local_id");--> statement-breakpoint
-- The totals of the balances already kept, one row per company and location (stock/posicaoTotais.ts totaisDosSaldos).
INSERT INTO "estoque_posicao_variacao" ("grupo_empresarial_id", "empresa_id", "local_id", "linhas", "linhas_com_saldo", "quantidade", "valor")
SELECT s.grupo_empresarial_id, s.empresa_id, s.local_id, count(*), count(*) FILTER (WHERE s.quantidade <> 0), sum(s.quantidade), sum(round(s.quantidade * c.custo_medio))
FROM estoque_saldo s
JOIN estoque_custo c ON c.grupo_empresarial_id = s.grupo_empresarial_id AND c.empresa_id = s.empresa_id AND c.produto_id = s.produto_id
GROUP BY 1, 2, 3;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "estoque_posicao_variacao" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "estoque_posicao_variacao" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "estoque_posicao_variacao" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "estoque_posicao_variacao" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "estoque_posicao_variacao" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
