-- Row-level security on correcaoProdutos' batch history, as 0001 does for every tenant table.
GRANT SELECT, INSERT, UPDATE, DELETE ON "correcao_produtos_lote" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "correcao_produtos_lote" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "correcao_produtos_lote" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "correcao_produtos_lote" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "correcao_produtos_lote" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
