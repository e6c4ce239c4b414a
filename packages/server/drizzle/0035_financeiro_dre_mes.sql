CREATE TABLE "financeiro_dre_mes" (
	"grupo_empresarial_id" text NOT NULL,
	"empresa_id" text NOT NULL,
	"plano_conta_id" text NOT NULL,
	"mes" date NOT NULL,
	"regime" text NOT NULL,
	"valor" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "financeiro_dre_mes_grupo_empresarial_id_regime_empresa_id_mes_plano_conta_id_pk" PRIMARY KEY("grupo_empresarial_id","regime","empresa_id","mes","plano_conta_id")
);
--> statement-breakpoint
ALTER TABLE "financeiro_dre_mes" ADD CONSTRAINT "financeiro_dre_mes_grupo_empresarial_id_grupo_empresarial_id_fk" FOREIGN KEY ("grupo_empresarial_id") REFERENCES "public"."grupo_empresarial"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "financeiro_dre_mes_plano_idx" ON "financeiro_dre_mes" USING btree ("grupo_empresarial_id","plano_conta_id");--> statement-breakpoint
-- Kept by the application with every ledger and título write (finance/dre/rollup.ts): read, add, change.
GRANT SELECT, INSERT, UPDATE, DELETE ON "financeiro_dre_mes" TO retaguarda_app;
--> statement-breakpoint
ALTER TABLE "financeiro_dre_mes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "financeiro_dre_mes" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY grupo_empresarial_isolamento ON "financeiro_dre_mes" FOR ALL TO PUBLIC
  USING (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true))
  WITH CHECK (grupo_empresarial_id = current_setting('app.grupo_empresarial_id', true));
--> statement-breakpoint
CREATE POLICY dono_acesso_total ON "financeiro_dre_mes" FOR ALL TO CURRENT_USER USING (true) WITH CHECK (true);
--> statement-breakpoint
-- The rollup of what is already there, by the rules of finance/dre/rollup.ts (fonteDre): cash = ledger rows
-- with a chart account by their month; accrual = live títulos by competence (issue date, moved by the
-- recurrence's offset) plus ledger rows other than a settlement's principal.
INSERT INTO "financeiro_dre_mes" (grupo_empresarial_id, empresa_id, plano_conta_id, mes, regime, valor)
SELECT g, e, p, mes, regime, sum(v) FROM (
  SELECT m.grupo_empresarial_id g, m.empresa_id e, m.plano_conta_id p, date_trunc('month', m.data)::date mes, 'caixa' regime, m.valor v
  FROM financeiro_movimento m WHERE m.plano_conta_id IS NOT NULL
  UNION ALL
  SELECT m.grupo_empresarial_id, m.empresa_id, m.plano_conta_id, date_trunc('month', m.data)::date, 'competencia', m.valor
  FROM financeiro_movimento m WHERE m.plano_conta_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM financeiro_baixa b JOIN financeiro_titulo t ON t.grupo_empresarial_id = b.grupo_empresarial_id AND t.id = b.titulo_id
    WHERE m.documento_tipo = 'financeiroBaixa' AND b.grupo_empresarial_id = m.grupo_empresarial_id AND b.id = m.documento_id AND t.plano_conta_id = m.plano_conta_id)
  UNION ALL
  SELECT t.grupo_empresarial_id, t.empresa_id, t.plano_conta_id,
    date_trunc('month', t.emissao + coalesce(
      (SELECT min(p.vencimento) FROM financeiro_parcela p WHERE p.grupo_empresarial_id = t.grupo_empresarial_id AND p.titulo_id = t.id)
      - (SELECT min(p1.vencimento) FROM financeiro_parcela p1 JOIN financeiro_titulo t1 ON t1.grupo_empresarial_id = p1.grupo_empresarial_id AND t1.id = p1.titulo_id
         WHERE t1.grupo_empresarial_id = t.grupo_empresarial_id AND t1.recorrencia_id = t.recorrencia_id AND t1.recorrencia_numero = 1), 0))::date,
    'competencia',
    (CASE WHEN t.tipo = 'receber' THEN 1 ELSE -1 END) * (SELECT sum(p.valor) FROM financeiro_parcela p WHERE p.grupo_empresarial_id = t.grupo_empresarial_id AND p.titulo_id = t.id)
  FROM financeiro_titulo t WHERE t.cancelado_em IS NULL
) x GROUP BY 1, 2, 3, 4, 5;
